--
-- PostgreSQL database dump
--

\restrict I6VFqDcAigohGZbIi8QWshNN7Bs7uNFX9nekb4QbhaoYmgoaPKMU2CPxpZrKcl2

-- Dumped from database version 15.18 (Debian 15.18-0+deb12u1)
-- Dumped by pg_dump version 15.18 (Debian 15.18-0+deb12u1)

SET statement_timeout = 0;
SET lock_timeout = 0;
SET idle_in_transaction_session_timeout = 0;
SET client_encoding = 'UTF8';
SET standard_conforming_strings = on;
SELECT pg_catalog.set_config('search_path', '', false);
SET check_function_bodies = false;
SET xmloption = content;
SET client_min_messages = warning;
SET row_security = off;

SET default_tablespace = '';

SET default_table_access_method = heap;

--
-- Name: actions; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.actions (
    game text NOT NULL,
    seq bigint NOT NULL,
    action text NOT NULL
);


--
-- Name: declarations; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.declarations (
    game text NOT NULL,
    deal bigint NOT NULL,
    seat bigint NOT NULL,
    crib boolean NOT NULL,
    declared bigint,
    total bigint NOT NULL
);


--
-- Name: drills; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.drills (
    "user" text NOT NULL,
    drill text NOT NULL,
    declared bigint NOT NULL,
    total bigint NOT NULL
);


--
-- Name: games; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.games (
    id text NOT NULL,
    rules text NOT NULL,
    seats text NOT NULL,
    seed bigint NOT NULL,
    status text NOT NULL,
    place text NOT NULL,
    message text DEFAULT ''::text NOT NULL,
    winner bigint,
    created double precision NOT NULL,
    updated double precision NOT NULL,
    reminded boolean DEFAULT false NOT NULL,
    guild text DEFAULT ''::text NOT NULL,
    self_count text DEFAULT ''::text NOT NULL,
    lang text DEFAULT 'en'::text NOT NULL,
    changes text DEFAULT ''::text NOT NULL
);


--
-- Name: player_totals; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.player_totals (
    guild text NOT NULL,
    player text NOT NULL,
    name text NOT NULL,
    games bigint NOT NULL,
    wins bigint NOT NULL,
    skunks_given bigint NOT NULL,
    skunks_taken bigint NOT NULL,
    double_skunks_given bigint NOT NULL,
    double_skunks_taken bigint NOT NULL,
    deals bigint NOT NULL,
    cribs bigint NOT NULL,
    pegging bigint NOT NULL,
    hand bigint NOT NULL,
    crib bigint NOT NULL,
    heels bigint NOT NULL
);


--
-- Name: schema_version; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.schema_version (
    version bigint NOT NULL,
    applied double precision NOT NULL
);


--
-- Name: summarized; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.summarized (
    game text NOT NULL,
    guild text NOT NULL,
    deals bigint NOT NULL
);


--
-- Name: tables; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.tables (
    id text NOT NULL,
    place text NOT NULL,
    guild text DEFAULT ''::text NOT NULL,
    session text NOT NULL,
    live boolean NOT NULL,
    created double precision NOT NULL,
    updated double precision NOT NULL,
    message text DEFAULT ''::text NOT NULL
);


--
-- Name: tallies; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.tallies (
    "user" text NOT NULL,
    tally text NOT NULL
);


--
-- Data for Name: actions; Type: TABLE DATA; Schema: public; Owner: -
--

COPY public.actions (game, seq, action) FROM stdin;
xrh2jelzql	0	{"t":"lay","seat":1,"cards":["AS","JS"]}
xrh2jelzql	1	{"t":"lay","seat":0,"cards":["4C","QS"]}
xrh2jelzql	2	{"t":"play","seat":1,"card":"2H"}
xrh2jelzql	3	{"t":"play","seat":0,"card":"8C"}
xrh2jelzql	4	{"t":"play","seat":1,"card":"8D"}
xrh2jelzql	5	{"t":"play","seat":0,"card":"10D"}
xrh2jelzql	6	{"t":"go","seat":1}
xrh2jelzql	7	{"t":"go","seat":0}
xrh2jelzql	8	{"t":"play","seat":1,"card":"7C"}
xrh2jelzql	9	{"t":"play","seat":0,"card":"10H"}
xrh2jelzql	10	{"t":"play","seat":1,"card":"9C"}
xrh2jelzql	11	{"t":"play","seat":0,"card":"4H"}
xrh2jelzql	12	{"t":"lay","seat":1,"cards":["AS","3D"]}
xrh2jelzql	13	{"t":"lay","seat":0,"cards":["9S","6C"]}
xrh2jelzql	14	{"t":"play","seat":0,"card":"QH"}
xrh2jelzql	15	{"t":"play","seat":1,"card":"5H"}
xrh2jelzql	16	{"t":"play","seat":0,"card":"7C"}
xrh2jelzql	17	{"t":"play","seat":1,"card":"6H"}
xrh2jelzql	18	{"t":"go","seat":0}
xrh2jelzql	19	{"t":"go","seat":1}
xrh2jelzql	20	{"t":"play","seat":0,"card":"7S"}
xrh2jelzql	21	{"t":"play","seat":1,"card":"KH"}
xrh2jelzql	22	{"t":"play","seat":0,"card":"8S"}
xrh2jelzql	23	{"t":"go","seat":1}
xrh2jelzql	24	{"t":"play","seat":1,"card":"KS"}
xrh2jelzql	25	{"t":"lay","seat":1,"cards":["KD","10S"]}
xrh2jelzql	26	{"t":"lay","seat":0,"cards":["QS","AS"]}
xrh2jelzql	27	{"t":"play","seat":1,"card":"AD"}
xrh2jelzql	28	{"t":"play","seat":0,"card":"5D"}
xrh2jelzql	29	{"t":"play","seat":1,"card":"KH"}
xrh2jelzql	30	{"t":"play","seat":0,"card":"2C"}
xrh2jelzql	31	{"t":"play","seat":1,"card":"JC"}
xrh2jelzql	32	{"t":"go","seat":0}
xrh2jelzql	33	{"t":"play","seat":1,"card":"AC"}
xrh2jelzql	34	{"t":"play","seat":0,"card":"4H"}
xrh2jelzql	35	{"t":"play","seat":0,"card":"9D"}
xrh2jelzql	36	{"t":"lay","seat":1,"cards":["8S","6D"]}
xrh2jelzql	37	{"t":"lay","seat":0,"cards":["9H","QS"]}
xrh2jelzql	38	{"t":"play","seat":0,"card":"4C"}
xrh2jelzql	39	{"t":"play","seat":1,"card":"4H"}
xrh2jelzql	40	{"t":"play","seat":0,"card":"8D"}
xrh2jelzql	41	{"t":"play","seat":1,"card":"10C"}
xrh2jelzql	42	{"t":"play","seat":0,"card":"3H"}
xrh2jelzql	43	{"t":"play","seat":1,"card":"AH"}
xrh2jelzql	44	{"t":"go","seat":0}
xrh2jelzql	45	{"t":"go","seat":1}
xrh2jelzql	46	{"t":"play","seat":0,"card":"QH"}
xrh2jelzql	47	{"t":"play","seat":1,"card":"KD"}
xrh2jelzql	48	{"t":"lay","seat":1,"cards":["9D","KH"]}
xrh2jelzql	49	{"t":"lay","seat":0,"cards":["JD","7D"]}
xrh2jelzql	50	{"t":"play","seat":1,"card":"3D"}
xrh2jelzql	51	{"t":"play","seat":0,"card":"3S"}
xrh2jelzql	52	{"t":"play","seat":1,"card":"5C"}
xrh2jelzql	53	{"t":"play","seat":0,"card":"8H"}
xrh2jelzql	54	{"t":"play","seat":1,"card":"5S"}
xrh2jelzql	55	{"t":"play","seat":0,"card":"AS"}
xrh2jelzql	56	{"t":"play","seat":1,"card":"2H"}
xrh2jelzql	57	{"t":"go","seat":0}
xrh2jelzql	58	{"t":"play","seat":0,"card":"QD"}
xrh2jelzql	59	{"t":"lay","seat":1,"cards":["7C","2D"]}
xrh2jelzql	60	{"t":"lay","seat":0,"cards":["4S","3H"]}
xrh2jelzql	61	{"t":"play","seat":0,"card":"9S"}
xrh2jelzql	62	{"t":"play","seat":1,"card":"6D"}
xrh2jelzql	63	{"t":"play","seat":0,"card":"AD"}
xrh2jelzql	64	{"t":"play","seat":1,"card":"4H"}
xrh2jelzql	65	{"t":"play","seat":0,"card":"2S"}
xrh2jelzql	66	{"t":"play","seat":1,"card":"5H"}
xrh2jelzql	67	{"t":"play","seat":0,"card":"3C"}
xrh2jelzql	68	{"t":"go","seat":1}
xrh2jelzql	69	{"t":"play","seat":1,"card":"QS"}
xrh2jelzql	70	{"t":"lay","seat":1,"cards":["7S","7C"]}
xrh2jelzql	71	{"t":"lay","seat":0,"cards":["3D","KC"]}
xrh2jelzql	72	{"t":"play","seat":1,"card":"QS"}
xrh2jelzql	73	{"t":"play","seat":0,"card":"2C"}
xrh2jelzql	74	{"t":"play","seat":1,"card":"KD"}
xrh2jelzql	75	{"t":"go","seat":0}
xrh2jelzql	76	{"t":"go","seat":1}
xrh2jelzql	77	{"t":"play","seat":0,"card":"JD"}
xrh2jelzql	78	{"t":"play","seat":1,"card":"JS"}
xrh2jelzql	79	{"t":"play","seat":0,"card":"JH"}
xrh2jelzql	80	{"t":"go","seat":1}
xrh2jelzql	81	{"t":"go","seat":0}
xrh2jelzql	82	{"t":"play","seat":1,"card":"QC"}
xrh2jelzql	83	{"t":"play","seat":0,"card":"10S"}
xrh2jelzql	84	{"t":"lay","seat":1,"cards":["10S","JH"]}
xrh2jelzql	85	{"t":"lay","seat":0,"cards":["QS","KH"]}
xrh2jelzql	86	{"t":"play","seat":0,"card":"6D"}
xrh2jelzql	87	{"t":"play","seat":1,"card":"3C"}
xrh2jelzql	88	{"t":"play","seat":0,"card":"6S"}
xrh2jelzql	89	{"t":"play","seat":1,"card":"2D"}
xrh2jelzql	92	{"t":"play","seat":0,"card":"7H"}
xrh2jelzql	93	{"t":"play","seat":1,"card":"AS"}
xrh2jelzql	94	{"t":"lay","seat":1,"cards":["AS","AH"]}
xrh2jelzql	97	{"t":"play","seat":0,"card":"3H"}
xrh2jelzql	98	{"t":"play","seat":1,"card":"5S"}
xrh2jelzql	101	{"t":"play","seat":0,"card":"AC"}
xrh2jelzql	104	{"t":"play","seat":0,"card":"8D"}
xrh2jelzql	105	{"t":"play","seat":1,"card":"5C"}
xrh2jelzql	90	{"t":"play","seat":0,"card":"4D"}
xrh2jelzql	91	{"t":"play","seat":1,"card":"AD"}
xrh2jelzql	95	{"t":"lay","seat":0,"cards":["9D","3C"]}
xrh2jelzql	96	{"t":"play","seat":1,"card":"QS"}
xrh2jelzql	99	{"t":"play","seat":0,"card":"10C"}
xrh2jelzql	100	{"t":"go","seat":1}
xrh2jelzql	102	{"t":"go","seat":0}
xrh2jelzql	103	{"t":"play","seat":1,"card":"5H"}
mrtwjp7mwg	0	{"t":"lay","seat":1,"cards":["5S","2C"]}
mrtwjp7mwg	1	{"t":"lay","seat":0,"cards":["10S","QD"]}
mrtwjp7mwg	2	{"t":"play","seat":1,"card":"8D"}
mrtwjp7mwg	3	{"t":"play","seat":0,"card":"2H"}
mrtwjp7mwg	4	{"t":"play","seat":1,"card":"8H"}
mrtwjp7mwg	5	{"t":"play","seat":0,"card":"5D"}
mrtwjp7mwg	6	{"t":"play","seat":1,"card":"6H"}
mrtwjp7mwg	7	{"t":"go","seat":0}
mrtwjp7mwg	8	{"t":"go","seat":1}
mrtwjp7mwg	9	{"t":"play","seat":0,"card":"QS"}
mrtwjp7mwg	10	{"t":"play","seat":1,"card":"7S"}
mrtwjp7mwg	11	{"t":"play","seat":0,"card":"JH"}
mrtwjp7mwg	12	{"t":"lay","seat":1,"cards":["JH","JD"]}
mrtwjp7mwg	13	{"t":"lay","seat":0,"cards":["5C","AC"]}
mrtwjp7mwg	14	{"t":"play","seat":0,"card":"2H"}
mrtwjp7mwg	15	{"t":"play","seat":1,"card":"7C"}
mrtwjp7mwg	16	{"t":"play","seat":0,"card":"3H"}
mrtwjp7mwg	17	{"t":"play","seat":1,"card":"7H"}
mrtwjp7mwg	18	{"t":"play","seat":0,"card":"2S"}
mrtwjp7mwg	19	{"t":"play","seat":1,"card":"8D"}
mrtwjp7mwg	20	{"t":"play","seat":0,"card":"AH"}
mrtwjp7mwg	21	{"t":"go","seat":1}
mrtwjp7mwg	22	{"t":"play","seat":1,"card":"6S"}
mrtwjp7mwg	23	{"t":"lay","seat":1,"cards":["10C","7D"]}
mrtwjp7mwg	24	{"t":"lay","seat":0,"cards":["AH","KS"]}
mrtwjp7mwg	25	{"t":"play","seat":1,"card":"4C"}
mrtwjp7mwg	26	{"t":"play","seat":0,"card":"QD"}
mrtwjp7mwg	27	{"t":"play","seat":1,"card":"JH"}
mrtwjp7mwg	28	{"t":"play","seat":0,"card":"2C"}
mrtwjp7mwg	29	{"t":"play","seat":1,"card":"5D"}
mrtwjp7mwg	30	{"t":"play","seat":0,"card":"10S"}
mrtwjp7mwg	31	{"t":"play","seat":1,"card":"3C"}
mrtwjp7mwg	32	{"t":"play","seat":0,"card":"8H"}
mrtwjp7mwg	33	{"t":"lay","seat":1,"cards":["JH","5S"]}
mrtwjp7mwg	34	{"t":"lay","seat":0,"cards":["5H","3S"]}
mrtwjp7mwg	35	{"t":"play","seat":0,"card":"9D"}
mrtwjp7mwg	36	{"t":"play","seat":1,"card":"7H"}
mrtwjp7mwg	37	{"t":"play","seat":0,"card":"4H"}
mrtwjp7mwg	38	{"t":"play","seat":1,"card":"8D"}
mrtwjp7mwg	39	{"t":"play","seat":0,"card":"AD"}
mrtwjp7mwg	40	{"t":"go","seat":1}
mrtwjp7mwg	41	{"t":"go","seat":0}
mrtwjp7mwg	42	{"t":"play","seat":1,"card":"8H"}
mrtwjp7mwg	43	{"t":"play","seat":0,"card":"JS"}
mrtwjp7mwg	44	{"t":"play","seat":1,"card":"3C"}
mrtwjp7mwg	45	{"t":"lay","seat":1,"cards":["10H","JD"]}
mrtwjp7mwg	46	{"t":"lay","seat":0,"cards":["9H","7C"]}
mrtwjp7mwg	47	{"t":"play","seat":1,"card":"3S"}
\.


--
-- Data for Name: declarations; Type: TABLE DATA; Schema: public; Owner: -
--

COPY public.declarations (game, deal, seat, crib, declared, total) FROM stdin;
\.


--
-- Data for Name: drills; Type: TABLE DATA; Schema: public; Owner: -
--

COPY public.drills ("user", drill, declared, total) FROM stdin;
\.


--
-- Data for Name: games; Type: TABLE DATA; Schema: public; Owner: -
--

COPY public.games (id, rules, seats, seed, status, place, message, winner, created, updated, reminded, guild, self_count, lang, changes) FROM stdin;
xrh2jelzql	{"players": 2, "target": 121, "muggins": false, "skunk": true, "overcount": "correct"}	[{"kind": "human", "name": "Ann", "user": "local:Ann", "difficulty": ""}, {"kind": "computer", "name": "computer (normal)", "user": "", "difficulty": "normal"}]	7	over	terminal		1	1796673856.8410563	1796673857.1539438	f			en	
mrtwjp7mwg	{"players": 2, "target": 121, "muggins": false, "skunk": true, "overcount": "correct"}	[{"kind": "human", "name": "Ann", "user": "local:Ann", "difficulty": ""}, {"kind": "computer", "name": "computer (normal)", "user": "", "difficulty": "normal"}]	8	active	terminal		\N	1796673857.7603078	1796673858.0614336	f			en	
\.


--
-- Data for Name: player_totals; Type: TABLE DATA; Schema: public; Owner: -
--

COPY public.player_totals (guild, player, name, games, wins, skunks_given, skunks_taken, double_skunks_given, double_skunks_taken, deals, cribs, pegging, hand, crib, heels) FROM stdin;
	member:local:Ann	Ann	1	0	0	1	0	0	9	5	25	44	17	2
	computer:normal	computer (normal)	1	1	1	0	0	0	9	4	23	92	18	0
\.


--
-- Data for Name: schema_version; Type: TABLE DATA; Schema: public; Owner: -
--

COPY public.schema_version (version, applied) FROM stdin;
1	1796673856.8264015
\.


--
-- Data for Name: summarized; Type: TABLE DATA; Schema: public; Owner: -
--

COPY public.summarized (game, guild, deals) FROM stdin;
xrh2jelzql		9
\.


--
-- Data for Name: tables; Type: TABLE DATA; Schema: public; Owner: -
--

COPY public.tables (id, place, guild, session, live, created, updated, message) FROM stdin;
\.


--
-- Data for Name: tallies; Type: TABLE DATA; Schema: public; Owner: -
--

COPY public.tallies ("user", tally) FROM stdin;
\.


--
-- Name: actions actions_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.actions
    ADD CONSTRAINT actions_pkey PRIMARY KEY (game, seq);


--
-- Name: declarations declarations_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.declarations
    ADD CONSTRAINT declarations_pkey PRIMARY KEY (game, deal, seat, crib);


--
-- Name: drills drills_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.drills
    ADD CONSTRAINT drills_pkey PRIMARY KEY ("user", drill);


--
-- Name: games games_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.games
    ADD CONSTRAINT games_pkey PRIMARY KEY (id);


--
-- Name: player_totals player_totals_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.player_totals
    ADD CONSTRAINT player_totals_pkey PRIMARY KEY (guild, player);


--
-- Name: schema_version schema_version_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.schema_version
    ADD CONSTRAINT schema_version_pkey PRIMARY KEY (version);


--
-- Name: summarized summarized_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.summarized
    ADD CONSTRAINT summarized_pkey PRIMARY KEY (game);


--
-- Name: tables tables_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.tables
    ADD CONSTRAINT tables_pkey PRIMARY KEY (id);


--
-- Name: tallies tallies_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.tallies
    ADD CONSTRAINT tallies_pkey PRIMARY KEY ("user");


--
-- Name: games_place; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX games_place ON public.games USING btree (place, status);


--
-- Name: player_totals_wins; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX player_totals_wins ON public.player_totals USING btree (guild, wins DESC);


--
-- Name: tables_place; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX tables_place ON public.tables USING btree (place, live);


--
-- Name: actions actions_game_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.actions
    ADD CONSTRAINT actions_game_fkey FOREIGN KEY (game) REFERENCES public.games(id);


--
-- Name: declarations declarations_game_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.declarations
    ADD CONSTRAINT declarations_game_fkey FOREIGN KEY (game) REFERENCES public.games(id);


--
-- PostgreSQL database dump complete
--

\unrestrict I6VFqDcAigohGZbIi8QWshNN7Bs7uNFX9nekb4QbhaoYmgoaPKMU2CPxpZrKcl2

