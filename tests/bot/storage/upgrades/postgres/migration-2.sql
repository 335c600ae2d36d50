--
-- PostgreSQL database dump
--

\restrict CDTQN1hIDVqvGurCVDkqzXfwKj2WpON4OGI5oLcE6LDvCP5jtnEmW3dinyr51zc

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
    changes text DEFAULT ''::text NOT NULL,
    rev bigint DEFAULT 0 NOT NULL
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
    message text DEFAULT ''::text NOT NULL,
    rev bigint DEFAULT 0 NOT NULL
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
icgcmeq7uo	0	{"t":"lay","seat":1,"cards":["AS","JS"]}
icgcmeq7uo	1	{"t":"lay","seat":0,"cards":["4C","QS"]}
icgcmeq7uo	2	{"t":"play","seat":1,"card":"2H"}
icgcmeq7uo	3	{"t":"play","seat":0,"card":"8C"}
icgcmeq7uo	4	{"t":"play","seat":1,"card":"8D"}
icgcmeq7uo	5	{"t":"play","seat":0,"card":"10D"}
icgcmeq7uo	6	{"t":"go","seat":1}
icgcmeq7uo	7	{"t":"go","seat":0}
icgcmeq7uo	8	{"t":"play","seat":1,"card":"7C"}
icgcmeq7uo	9	{"t":"play","seat":0,"card":"10H"}
icgcmeq7uo	10	{"t":"play","seat":1,"card":"9C"}
icgcmeq7uo	11	{"t":"play","seat":0,"card":"4H"}
icgcmeq7uo	12	{"t":"lay","seat":1,"cards":["AS","3D"]}
icgcmeq7uo	13	{"t":"lay","seat":0,"cards":["9S","6C"]}
icgcmeq7uo	14	{"t":"play","seat":0,"card":"QH"}
icgcmeq7uo	15	{"t":"play","seat":1,"card":"5H"}
icgcmeq7uo	16	{"t":"play","seat":0,"card":"7C"}
icgcmeq7uo	17	{"t":"play","seat":1,"card":"6H"}
icgcmeq7uo	18	{"t":"go","seat":0}
icgcmeq7uo	19	{"t":"go","seat":1}
icgcmeq7uo	20	{"t":"play","seat":0,"card":"7S"}
icgcmeq7uo	21	{"t":"play","seat":1,"card":"KH"}
icgcmeq7uo	22	{"t":"play","seat":0,"card":"8S"}
icgcmeq7uo	23	{"t":"go","seat":1}
icgcmeq7uo	24	{"t":"play","seat":1,"card":"KS"}
icgcmeq7uo	25	{"t":"lay","seat":1,"cards":["KD","10S"]}
icgcmeq7uo	26	{"t":"lay","seat":0,"cards":["QS","AS"]}
icgcmeq7uo	27	{"t":"play","seat":1,"card":"AD"}
icgcmeq7uo	28	{"t":"play","seat":0,"card":"5D"}
icgcmeq7uo	29	{"t":"play","seat":1,"card":"KH"}
icgcmeq7uo	30	{"t":"play","seat":0,"card":"2C"}
icgcmeq7uo	31	{"t":"play","seat":1,"card":"JC"}
icgcmeq7uo	32	{"t":"go","seat":0}
icgcmeq7uo	33	{"t":"play","seat":1,"card":"AC"}
icgcmeq7uo	34	{"t":"play","seat":0,"card":"4H"}
icgcmeq7uo	35	{"t":"play","seat":0,"card":"9D"}
icgcmeq7uo	36	{"t":"lay","seat":1,"cards":["8S","6D"]}
icgcmeq7uo	37	{"t":"lay","seat":0,"cards":["9H","QS"]}
icgcmeq7uo	38	{"t":"play","seat":0,"card":"4C"}
icgcmeq7uo	39	{"t":"play","seat":1,"card":"4H"}
icgcmeq7uo	40	{"t":"play","seat":0,"card":"8D"}
icgcmeq7uo	41	{"t":"play","seat":1,"card":"10C"}
icgcmeq7uo	42	{"t":"play","seat":0,"card":"3H"}
icgcmeq7uo	43	{"t":"play","seat":1,"card":"AH"}
icgcmeq7uo	44	{"t":"go","seat":0}
icgcmeq7uo	45	{"t":"go","seat":1}
icgcmeq7uo	46	{"t":"play","seat":0,"card":"QH"}
icgcmeq7uo	47	{"t":"play","seat":1,"card":"KD"}
icgcmeq7uo	48	{"t":"lay","seat":1,"cards":["9D","KH"]}
icgcmeq7uo	49	{"t":"lay","seat":0,"cards":["JD","7D"]}
icgcmeq7uo	50	{"t":"play","seat":1,"card":"3D"}
icgcmeq7uo	51	{"t":"play","seat":0,"card":"3S"}
icgcmeq7uo	52	{"t":"play","seat":1,"card":"5C"}
icgcmeq7uo	53	{"t":"play","seat":0,"card":"8H"}
icgcmeq7uo	54	{"t":"play","seat":1,"card":"5S"}
icgcmeq7uo	55	{"t":"play","seat":0,"card":"AS"}
icgcmeq7uo	56	{"t":"play","seat":1,"card":"2H"}
icgcmeq7uo	57	{"t":"go","seat":0}
icgcmeq7uo	58	{"t":"play","seat":0,"card":"QD"}
icgcmeq7uo	59	{"t":"lay","seat":1,"cards":["7C","2D"]}
icgcmeq7uo	60	{"t":"lay","seat":0,"cards":["4S","3H"]}
icgcmeq7uo	61	{"t":"play","seat":0,"card":"9S"}
icgcmeq7uo	62	{"t":"play","seat":1,"card":"6D"}
icgcmeq7uo	63	{"t":"play","seat":0,"card":"AD"}
icgcmeq7uo	64	{"t":"play","seat":1,"card":"4H"}
icgcmeq7uo	65	{"t":"play","seat":0,"card":"2S"}
icgcmeq7uo	66	{"t":"play","seat":1,"card":"5H"}
icgcmeq7uo	67	{"t":"play","seat":0,"card":"3C"}
icgcmeq7uo	68	{"t":"go","seat":1}
icgcmeq7uo	69	{"t":"play","seat":1,"card":"QS"}
icgcmeq7uo	70	{"t":"lay","seat":1,"cards":["7S","7C"]}
icgcmeq7uo	71	{"t":"lay","seat":0,"cards":["3D","KC"]}
icgcmeq7uo	72	{"t":"play","seat":1,"card":"QS"}
icgcmeq7uo	73	{"t":"play","seat":0,"card":"2C"}
icgcmeq7uo	74	{"t":"play","seat":1,"card":"KD"}
icgcmeq7uo	75	{"t":"go","seat":0}
icgcmeq7uo	76	{"t":"go","seat":1}
icgcmeq7uo	77	{"t":"play","seat":0,"card":"JD"}
icgcmeq7uo	78	{"t":"play","seat":1,"card":"JS"}
icgcmeq7uo	79	{"t":"play","seat":0,"card":"JH"}
icgcmeq7uo	80	{"t":"go","seat":1}
icgcmeq7uo	81	{"t":"go","seat":0}
icgcmeq7uo	82	{"t":"play","seat":1,"card":"QC"}
icgcmeq7uo	83	{"t":"play","seat":0,"card":"10S"}
icgcmeq7uo	84	{"t":"lay","seat":1,"cards":["10S","JH"]}
icgcmeq7uo	85	{"t":"lay","seat":0,"cards":["QS","KH"]}
icgcmeq7uo	86	{"t":"play","seat":0,"card":"6D"}
icgcmeq7uo	87	{"t":"play","seat":1,"card":"3C"}
icgcmeq7uo	88	{"t":"play","seat":0,"card":"6S"}
icgcmeq7uo	89	{"t":"play","seat":1,"card":"2D"}
icgcmeq7uo	90	{"t":"play","seat":0,"card":"4D"}
icgcmeq7uo	91	{"t":"play","seat":1,"card":"AD"}
icgcmeq7uo	92	{"t":"play","seat":0,"card":"7H"}
icgcmeq7uo	93	{"t":"play","seat":1,"card":"AS"}
icgcmeq7uo	94	{"t":"lay","seat":1,"cards":["AS","AH"]}
icgcmeq7uo	95	{"t":"lay","seat":0,"cards":["9D","3C"]}
icgcmeq7uo	96	{"t":"play","seat":1,"card":"QS"}
icgcmeq7uo	97	{"t":"play","seat":0,"card":"3H"}
icgcmeq7uo	98	{"t":"play","seat":1,"card":"5S"}
icgcmeq7uo	99	{"t":"play","seat":0,"card":"10C"}
icgcmeq7uo	100	{"t":"go","seat":1}
icgcmeq7uo	101	{"t":"play","seat":0,"card":"AC"}
icgcmeq7uo	102	{"t":"go","seat":0}
icgcmeq7uo	103	{"t":"play","seat":1,"card":"5H"}
icgcmeq7uo	104	{"t":"play","seat":0,"card":"8D"}
icgcmeq7uo	105	{"t":"play","seat":1,"card":"5C"}
mks544o3rs	0	{"t":"lay","seat":1,"cards":["5S","2C"]}
mks544o3rs	1	{"t":"lay","seat":0,"cards":["10S","QD"]}
mks544o3rs	2	{"t":"play","seat":1,"card":"8D"}
mks544o3rs	3	{"t":"play","seat":0,"card":"2H"}
mks544o3rs	4	{"t":"play","seat":1,"card":"8H"}
mks544o3rs	5	{"t":"play","seat":0,"card":"5D"}
mks544o3rs	6	{"t":"play","seat":1,"card":"6H"}
mks544o3rs	7	{"t":"go","seat":0}
mks544o3rs	8	{"t":"go","seat":1}
mks544o3rs	9	{"t":"play","seat":0,"card":"QS"}
mks544o3rs	10	{"t":"play","seat":1,"card":"7S"}
mks544o3rs	11	{"t":"play","seat":0,"card":"JH"}
mks544o3rs	12	{"t":"lay","seat":1,"cards":["JH","JD"]}
mks544o3rs	13	{"t":"lay","seat":0,"cards":["5C","AC"]}
mks544o3rs	14	{"t":"play","seat":0,"card":"2H"}
mks544o3rs	15	{"t":"play","seat":1,"card":"7C"}
mks544o3rs	16	{"t":"play","seat":0,"card":"3H"}
mks544o3rs	17	{"t":"play","seat":1,"card":"7H"}
mks544o3rs	18	{"t":"play","seat":0,"card":"2S"}
mks544o3rs	19	{"t":"play","seat":1,"card":"8D"}
mks544o3rs	20	{"t":"play","seat":0,"card":"AH"}
mks544o3rs	21	{"t":"go","seat":1}
mks544o3rs	22	{"t":"play","seat":1,"card":"6S"}
mks544o3rs	23	{"t":"lay","seat":1,"cards":["10C","7D"]}
mks544o3rs	24	{"t":"lay","seat":0,"cards":["AH","KS"]}
mks544o3rs	25	{"t":"play","seat":1,"card":"4C"}
mks544o3rs	26	{"t":"play","seat":0,"card":"QD"}
mks544o3rs	27	{"t":"play","seat":1,"card":"JH"}
mks544o3rs	28	{"t":"play","seat":0,"card":"2C"}
mks544o3rs	29	{"t":"play","seat":1,"card":"5D"}
mks544o3rs	30	{"t":"play","seat":0,"card":"10S"}
mks544o3rs	31	{"t":"play","seat":1,"card":"3C"}
mks544o3rs	32	{"t":"play","seat":0,"card":"8H"}
mks544o3rs	33	{"t":"lay","seat":1,"cards":["JH","5S"]}
mks544o3rs	34	{"t":"lay","seat":0,"cards":["5H","3S"]}
mks544o3rs	35	{"t":"play","seat":0,"card":"9D"}
mks544o3rs	36	{"t":"play","seat":1,"card":"7H"}
mks544o3rs	37	{"t":"play","seat":0,"card":"4H"}
mks544o3rs	38	{"t":"play","seat":1,"card":"8D"}
mks544o3rs	39	{"t":"play","seat":0,"card":"AD"}
mks544o3rs	40	{"t":"go","seat":1}
mks544o3rs	41	{"t":"go","seat":0}
mks544o3rs	42	{"t":"play","seat":1,"card":"8H"}
mks544o3rs	43	{"t":"play","seat":0,"card":"JS"}
mks544o3rs	44	{"t":"play","seat":1,"card":"3C"}
mks544o3rs	45	{"t":"lay","seat":1,"cards":["10H","JD"]}
mks544o3rs	46	{"t":"lay","seat":0,"cards":["9H","7C"]}
mks544o3rs	47	{"t":"play","seat":1,"card":"3S"}
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

COPY public.games (id, rules, seats, seed, status, place, message, winner, created, updated, reminded, guild, self_count, lang, changes, rev) FROM stdin;
mks544o3rs	{"players": 2, "target": 121, "muggins": false, "skunk": true, "overcount": "correct"}	[{"kind": "human", "name": "Ann", "user": "local:Ann", "difficulty": ""}, {"kind": "computer", "name": "computer (normal)", "user": "", "difficulty": "normal"}]	8	active	terminal		\N	1796673877.5307236	1796673877.8056152	f			en		24
icgcmeq7uo	{"players": 2, "target": 121, "muggins": false, "skunk": true, "overcount": "correct"}	[{"kind": "human", "name": "Ann", "user": "local:Ann", "difficulty": ""}, {"kind": "computer", "name": "computer (normal)", "user": "", "difficulty": "normal"}]	7	over	terminal		1	1796673876.057798	1796673876.5091727	f			en		54
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
1	1796673876.0306053
2	1796673876.0394206
\.


--
-- Data for Name: summarized; Type: TABLE DATA; Schema: public; Owner: -
--

COPY public.summarized (game, guild, deals) FROM stdin;
icgcmeq7uo		9
\.


--
-- Data for Name: tables; Type: TABLE DATA; Schema: public; Owner: -
--

COPY public.tables (id, place, guild, session, live, created, updated, message, rev) FROM stdin;
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
-- Name: tables_one_live; Type: INDEX; Schema: public; Owner: -
--

CREATE UNIQUE INDEX tables_one_live ON public.tables USING btree (place) WHERE live;


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

\unrestrict CDTQN1hIDVqvGurCVDkqzXfwKj2WpON4OGI5oLcE6LDvCP5jtnEmW3dinyr51zc

