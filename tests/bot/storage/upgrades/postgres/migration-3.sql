--
-- PostgreSQL database dump
--

\restrict ySPyXVLCbMRTWY8NAg6Mc1wOzmjLis5RsgXP1fEAMbE7KfMuHYvg9eJjULObTLP

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
-- Name: guild_totals; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.guild_totals (
    guild text NOT NULL,
    games bigint NOT NULL,
    deals bigint NOT NULL,
    players bigint NOT NULL
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
dxxks5flfc	0	{"t":"lay","seat":1,"cards":["AS","JS"]}
dxxks5flfc	1	{"t":"lay","seat":0,"cards":["4C","QS"]}
dxxks5flfc	2	{"t":"play","seat":1,"card":"2H"}
dxxks5flfc	3	{"t":"play","seat":0,"card":"8C"}
dxxks5flfc	4	{"t":"play","seat":1,"card":"8D"}
dxxks5flfc	5	{"t":"play","seat":0,"card":"10D"}
dxxks5flfc	6	{"t":"go","seat":1}
dxxks5flfc	7	{"t":"go","seat":0}
dxxks5flfc	8	{"t":"play","seat":1,"card":"7C"}
dxxks5flfc	9	{"t":"play","seat":0,"card":"10H"}
dxxks5flfc	10	{"t":"play","seat":1,"card":"9C"}
dxxks5flfc	11	{"t":"play","seat":0,"card":"4H"}
dxxks5flfc	12	{"t":"lay","seat":1,"cards":["AS","3D"]}
dxxks5flfc	13	{"t":"lay","seat":0,"cards":["9S","6C"]}
dxxks5flfc	14	{"t":"play","seat":0,"card":"QH"}
dxxks5flfc	15	{"t":"play","seat":1,"card":"5H"}
dxxks5flfc	16	{"t":"play","seat":0,"card":"7C"}
dxxks5flfc	17	{"t":"play","seat":1,"card":"6H"}
dxxks5flfc	18	{"t":"go","seat":0}
dxxks5flfc	19	{"t":"go","seat":1}
dxxks5flfc	20	{"t":"play","seat":0,"card":"7S"}
dxxks5flfc	21	{"t":"play","seat":1,"card":"KH"}
dxxks5flfc	22	{"t":"play","seat":0,"card":"8S"}
dxxks5flfc	23	{"t":"go","seat":1}
dxxks5flfc	24	{"t":"play","seat":1,"card":"KS"}
dxxks5flfc	25	{"t":"lay","seat":1,"cards":["KD","10S"]}
dxxks5flfc	26	{"t":"lay","seat":0,"cards":["QS","AS"]}
dxxks5flfc	27	{"t":"play","seat":1,"card":"AD"}
dxxks5flfc	28	{"t":"play","seat":0,"card":"5D"}
dxxks5flfc	29	{"t":"play","seat":1,"card":"KH"}
dxxks5flfc	30	{"t":"play","seat":0,"card":"2C"}
dxxks5flfc	31	{"t":"play","seat":1,"card":"JC"}
dxxks5flfc	32	{"t":"go","seat":0}
dxxks5flfc	33	{"t":"play","seat":1,"card":"AC"}
dxxks5flfc	34	{"t":"play","seat":0,"card":"4H"}
dxxks5flfc	35	{"t":"play","seat":0,"card":"9D"}
dxxks5flfc	36	{"t":"lay","seat":1,"cards":["8S","6D"]}
dxxks5flfc	37	{"t":"lay","seat":0,"cards":["9H","QS"]}
dxxks5flfc	38	{"t":"play","seat":0,"card":"4C"}
dxxks5flfc	39	{"t":"play","seat":1,"card":"4H"}
dxxks5flfc	40	{"t":"play","seat":0,"card":"8D"}
dxxks5flfc	41	{"t":"play","seat":1,"card":"10C"}
dxxks5flfc	42	{"t":"play","seat":0,"card":"3H"}
dxxks5flfc	43	{"t":"play","seat":1,"card":"AH"}
dxxks5flfc	44	{"t":"go","seat":0}
dxxks5flfc	45	{"t":"go","seat":1}
dxxks5flfc	46	{"t":"play","seat":0,"card":"QH"}
dxxks5flfc	47	{"t":"play","seat":1,"card":"KD"}
dxxks5flfc	48	{"t":"lay","seat":1,"cards":["9D","KH"]}
dxxks5flfc	49	{"t":"lay","seat":0,"cards":["JD","7D"]}
dxxks5flfc	50	{"t":"play","seat":1,"card":"3D"}
dxxks5flfc	51	{"t":"play","seat":0,"card":"3S"}
dxxks5flfc	52	{"t":"play","seat":1,"card":"5C"}
dxxks5flfc	53	{"t":"play","seat":0,"card":"8H"}
dxxks5flfc	54	{"t":"play","seat":1,"card":"5S"}
dxxks5flfc	55	{"t":"play","seat":0,"card":"AS"}
dxxks5flfc	56	{"t":"play","seat":1,"card":"2H"}
dxxks5flfc	57	{"t":"go","seat":0}
dxxks5flfc	58	{"t":"play","seat":0,"card":"QD"}
dxxks5flfc	59	{"t":"lay","seat":1,"cards":["7C","2D"]}
dxxks5flfc	60	{"t":"lay","seat":0,"cards":["4S","3H"]}
dxxks5flfc	61	{"t":"play","seat":0,"card":"9S"}
dxxks5flfc	62	{"t":"play","seat":1,"card":"6D"}
dxxks5flfc	63	{"t":"play","seat":0,"card":"AD"}
dxxks5flfc	64	{"t":"play","seat":1,"card":"4H"}
dxxks5flfc	65	{"t":"play","seat":0,"card":"2S"}
dxxks5flfc	66	{"t":"play","seat":1,"card":"5H"}
dxxks5flfc	67	{"t":"play","seat":0,"card":"3C"}
dxxks5flfc	68	{"t":"go","seat":1}
dxxks5flfc	69	{"t":"play","seat":1,"card":"QS"}
dxxks5flfc	70	{"t":"lay","seat":1,"cards":["7S","7C"]}
dxxks5flfc	71	{"t":"lay","seat":0,"cards":["3D","KC"]}
dxxks5flfc	72	{"t":"play","seat":1,"card":"QS"}
dxxks5flfc	73	{"t":"play","seat":0,"card":"2C"}
dxxks5flfc	74	{"t":"play","seat":1,"card":"KD"}
dxxks5flfc	75	{"t":"go","seat":0}
dxxks5flfc	76	{"t":"go","seat":1}
dxxks5flfc	77	{"t":"play","seat":0,"card":"JD"}
dxxks5flfc	78	{"t":"play","seat":1,"card":"JS"}
dxxks5flfc	79	{"t":"play","seat":0,"card":"JH"}
dxxks5flfc	80	{"t":"go","seat":1}
dxxks5flfc	81	{"t":"go","seat":0}
dxxks5flfc	82	{"t":"play","seat":1,"card":"QC"}
dxxks5flfc	83	{"t":"play","seat":0,"card":"10S"}
dxxks5flfc	84	{"t":"lay","seat":1,"cards":["10S","JH"]}
dxxks5flfc	85	{"t":"lay","seat":0,"cards":["QS","KH"]}
dxxks5flfc	86	{"t":"play","seat":0,"card":"6D"}
dxxks5flfc	87	{"t":"play","seat":1,"card":"3C"}
dxxks5flfc	88	{"t":"play","seat":0,"card":"6S"}
dxxks5flfc	89	{"t":"play","seat":1,"card":"2D"}
dxxks5flfc	90	{"t":"play","seat":0,"card":"4D"}
dxxks5flfc	91	{"t":"play","seat":1,"card":"AD"}
dxxks5flfc	92	{"t":"play","seat":0,"card":"7H"}
dxxks5flfc	93	{"t":"play","seat":1,"card":"AS"}
dxxks5flfc	94	{"t":"lay","seat":1,"cards":["AS","AH"]}
dxxks5flfc	95	{"t":"lay","seat":0,"cards":["9D","3C"]}
dxxks5flfc	96	{"t":"play","seat":1,"card":"QS"}
dxxks5flfc	97	{"t":"play","seat":0,"card":"3H"}
dxxks5flfc	98	{"t":"play","seat":1,"card":"5S"}
dxxks5flfc	99	{"t":"play","seat":0,"card":"10C"}
dxxks5flfc	100	{"t":"go","seat":1}
dxxks5flfc	101	{"t":"play","seat":0,"card":"AC"}
dxxks5flfc	102	{"t":"go","seat":0}
dxxks5flfc	103	{"t":"play","seat":1,"card":"5H"}
dxxks5flfc	104	{"t":"play","seat":0,"card":"8D"}
dxxks5flfc	105	{"t":"play","seat":1,"card":"5C"}
gvqdvxem67	0	{"t":"lay","seat":1,"cards":["5S","2C"]}
gvqdvxem67	1	{"t":"lay","seat":0,"cards":["10S","QD"]}
gvqdvxem67	2	{"t":"play","seat":1,"card":"8D"}
gvqdvxem67	3	{"t":"play","seat":0,"card":"2H"}
gvqdvxem67	4	{"t":"play","seat":1,"card":"8H"}
gvqdvxem67	5	{"t":"play","seat":0,"card":"5D"}
gvqdvxem67	6	{"t":"play","seat":1,"card":"6H"}
gvqdvxem67	7	{"t":"go","seat":0}
gvqdvxem67	8	{"t":"go","seat":1}
gvqdvxem67	9	{"t":"play","seat":0,"card":"QS"}
gvqdvxem67	10	{"t":"play","seat":1,"card":"7S"}
gvqdvxem67	11	{"t":"play","seat":0,"card":"JH"}
gvqdvxem67	12	{"t":"lay","seat":1,"cards":["JH","JD"]}
gvqdvxem67	13	{"t":"lay","seat":0,"cards":["5C","AC"]}
gvqdvxem67	14	{"t":"play","seat":0,"card":"2H"}
gvqdvxem67	15	{"t":"play","seat":1,"card":"7C"}
gvqdvxem67	16	{"t":"play","seat":0,"card":"3H"}
gvqdvxem67	17	{"t":"play","seat":1,"card":"7H"}
gvqdvxem67	18	{"t":"play","seat":0,"card":"2S"}
gvqdvxem67	19	{"t":"play","seat":1,"card":"8D"}
gvqdvxem67	20	{"t":"play","seat":0,"card":"AH"}
gvqdvxem67	21	{"t":"go","seat":1}
gvqdvxem67	22	{"t":"play","seat":1,"card":"6S"}
gvqdvxem67	23	{"t":"lay","seat":1,"cards":["10C","7D"]}
gvqdvxem67	24	{"t":"lay","seat":0,"cards":["AH","KS"]}
gvqdvxem67	25	{"t":"play","seat":1,"card":"4C"}
gvqdvxem67	26	{"t":"play","seat":0,"card":"QD"}
gvqdvxem67	27	{"t":"play","seat":1,"card":"JH"}
gvqdvxem67	28	{"t":"play","seat":0,"card":"2C"}
gvqdvxem67	29	{"t":"play","seat":1,"card":"5D"}
gvqdvxem67	30	{"t":"play","seat":0,"card":"10S"}
gvqdvxem67	31	{"t":"play","seat":1,"card":"3C"}
gvqdvxem67	32	{"t":"play","seat":0,"card":"8H"}
gvqdvxem67	33	{"t":"lay","seat":1,"cards":["JH","5S"]}
gvqdvxem67	34	{"t":"lay","seat":0,"cards":["5H","3S"]}
gvqdvxem67	35	{"t":"play","seat":0,"card":"9D"}
gvqdvxem67	36	{"t":"play","seat":1,"card":"7H"}
gvqdvxem67	37	{"t":"play","seat":0,"card":"4H"}
gvqdvxem67	38	{"t":"play","seat":1,"card":"8D"}
gvqdvxem67	39	{"t":"play","seat":0,"card":"AD"}
gvqdvxem67	40	{"t":"go","seat":1}
gvqdvxem67	41	{"t":"go","seat":0}
gvqdvxem67	42	{"t":"play","seat":1,"card":"8H"}
gvqdvxem67	43	{"t":"play","seat":0,"card":"JS"}
gvqdvxem67	44	{"t":"play","seat":1,"card":"3C"}
gvqdvxem67	45	{"t":"lay","seat":1,"cards":["10H","JD"]}
gvqdvxem67	46	{"t":"lay","seat":0,"cards":["9H","7C"]}
gvqdvxem67	47	{"t":"play","seat":1,"card":"3S"}
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
gvqdvxem67	{"players": 2, "target": 121, "muggins": false, "skunk": true, "overcount": "correct"}	[{"kind": "human", "name": "Ann", "user": "local:Ann", "difficulty": ""}, {"kind": "computer", "name": "computer (normal)", "user": "", "difficulty": "normal"}]	8	active	terminal		\N	1796673900.7248793	1796673900.959354	f			en		24
dxxks5flfc	{"players": 2, "target": 121, "muggins": false, "skunk": true, "overcount": "correct"}	[{"kind": "human", "name": "Ann", "user": "local:Ann", "difficulty": ""}, {"kind": "computer", "name": "computer (normal)", "user": "", "difficulty": "normal"}]	7	over	terminal		1	1796673899.738484	1796673900.1016574	f			en		54
\.


--
-- Data for Name: guild_totals; Type: TABLE DATA; Schema: public; Owner: -
--

COPY public.guild_totals (guild, games, deals, players) FROM stdin;
	1	9	2
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
1	1796673899.7188268
2	1796673899.7206538
3	1796673899.7230332
\.


--
-- Data for Name: summarized; Type: TABLE DATA; Schema: public; Owner: -
--

COPY public.summarized (game, guild, deals) FROM stdin;
dxxks5flfc		9
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
-- Name: guild_totals guild_totals_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.guild_totals
    ADD CONSTRAINT guild_totals_pkey PRIMARY KEY (guild);


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

\unrestrict ySPyXVLCbMRTWY8NAg6Mc1wOzmjLis5RsgXP1fEAMbE7KfMuHYvg9eJjULObTLP

