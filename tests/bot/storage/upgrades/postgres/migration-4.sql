--
-- PostgreSQL database dump
--

\restrict km9FTZYovSvzVzmDJ1H3mEtSZu5414dw5ABLC6qLphoPd7I2R0yjS5PUC8itaBs

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
    rev bigint DEFAULT 0 NOT NULL,
    moves bigint DEFAULT 0 NOT NULL
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
sgktisrfnv	0	{"t":"lay","seat":1,"cards":["AS","JS"]}
sgktisrfnv	1	{"t":"lay","seat":0,"cards":["4C","QS"]}
sgktisrfnv	2	{"t":"play","seat":1,"card":"2H"}
sgktisrfnv	3	{"t":"play","seat":0,"card":"8C"}
sgktisrfnv	4	{"t":"play","seat":1,"card":"8D"}
sgktisrfnv	5	{"t":"play","seat":0,"card":"10D"}
sgktisrfnv	6	{"t":"go","seat":1}
sgktisrfnv	7	{"t":"go","seat":0}
sgktisrfnv	8	{"t":"play","seat":1,"card":"7C"}
sgktisrfnv	9	{"t":"play","seat":0,"card":"10H"}
sgktisrfnv	10	{"t":"play","seat":1,"card":"9C"}
sgktisrfnv	11	{"t":"play","seat":0,"card":"4H"}
sgktisrfnv	12	{"t":"lay","seat":1,"cards":["AS","3D"]}
sgktisrfnv	13	{"t":"lay","seat":0,"cards":["9S","6C"]}
sgktisrfnv	14	{"t":"play","seat":0,"card":"QH"}
sgktisrfnv	15	{"t":"play","seat":1,"card":"5H"}
sgktisrfnv	16	{"t":"play","seat":0,"card":"7C"}
sgktisrfnv	17	{"t":"play","seat":1,"card":"6H"}
sgktisrfnv	18	{"t":"go","seat":0}
sgktisrfnv	19	{"t":"go","seat":1}
sgktisrfnv	20	{"t":"play","seat":0,"card":"7S"}
sgktisrfnv	21	{"t":"play","seat":1,"card":"KH"}
sgktisrfnv	22	{"t":"play","seat":0,"card":"8S"}
sgktisrfnv	23	{"t":"go","seat":1}
sgktisrfnv	24	{"t":"play","seat":1,"card":"KS"}
sgktisrfnv	25	{"t":"lay","seat":1,"cards":["KD","10S"]}
sgktisrfnv	26	{"t":"lay","seat":0,"cards":["QS","AS"]}
sgktisrfnv	27	{"t":"play","seat":1,"card":"AD"}
sgktisrfnv	28	{"t":"play","seat":0,"card":"5D"}
sgktisrfnv	29	{"t":"play","seat":1,"card":"KH"}
sgktisrfnv	30	{"t":"play","seat":0,"card":"2C"}
sgktisrfnv	31	{"t":"play","seat":1,"card":"JC"}
sgktisrfnv	32	{"t":"go","seat":0}
sgktisrfnv	33	{"t":"play","seat":1,"card":"AC"}
sgktisrfnv	34	{"t":"play","seat":0,"card":"4H"}
sgktisrfnv	35	{"t":"play","seat":0,"card":"9D"}
sgktisrfnv	36	{"t":"lay","seat":1,"cards":["8S","6D"]}
sgktisrfnv	37	{"t":"lay","seat":0,"cards":["9H","QS"]}
sgktisrfnv	38	{"t":"play","seat":0,"card":"4C"}
sgktisrfnv	39	{"t":"play","seat":1,"card":"4H"}
sgktisrfnv	40	{"t":"play","seat":0,"card":"8D"}
sgktisrfnv	41	{"t":"play","seat":1,"card":"10C"}
sgktisrfnv	42	{"t":"play","seat":0,"card":"3H"}
sgktisrfnv	43	{"t":"play","seat":1,"card":"AH"}
sgktisrfnv	44	{"t":"go","seat":0}
sgktisrfnv	45	{"t":"go","seat":1}
sgktisrfnv	46	{"t":"play","seat":0,"card":"QH"}
sgktisrfnv	47	{"t":"play","seat":1,"card":"KD"}
sgktisrfnv	48	{"t":"lay","seat":1,"cards":["9D","KH"]}
sgktisrfnv	49	{"t":"lay","seat":0,"cards":["JD","7D"]}
sgktisrfnv	50	{"t":"play","seat":1,"card":"3D"}
sgktisrfnv	51	{"t":"play","seat":0,"card":"3S"}
sgktisrfnv	52	{"t":"play","seat":1,"card":"5C"}
sgktisrfnv	53	{"t":"play","seat":0,"card":"8H"}
sgktisrfnv	54	{"t":"play","seat":1,"card":"5S"}
sgktisrfnv	55	{"t":"play","seat":0,"card":"AS"}
sgktisrfnv	56	{"t":"play","seat":1,"card":"2H"}
sgktisrfnv	57	{"t":"go","seat":0}
sgktisrfnv	58	{"t":"play","seat":0,"card":"QD"}
sgktisrfnv	59	{"t":"lay","seat":1,"cards":["7C","2D"]}
sgktisrfnv	60	{"t":"lay","seat":0,"cards":["4S","3H"]}
sgktisrfnv	61	{"t":"play","seat":0,"card":"9S"}
sgktisrfnv	62	{"t":"play","seat":1,"card":"6D"}
sgktisrfnv	63	{"t":"play","seat":0,"card":"AD"}
sgktisrfnv	64	{"t":"play","seat":1,"card":"4H"}
sgktisrfnv	65	{"t":"play","seat":0,"card":"2S"}
sgktisrfnv	66	{"t":"play","seat":1,"card":"5H"}
sgktisrfnv	67	{"t":"play","seat":0,"card":"3C"}
sgktisrfnv	68	{"t":"go","seat":1}
sgktisrfnv	69	{"t":"play","seat":1,"card":"QS"}
sgktisrfnv	70	{"t":"lay","seat":1,"cards":["7S","7C"]}
sgktisrfnv	71	{"t":"lay","seat":0,"cards":["3D","KC"]}
sgktisrfnv	72	{"t":"play","seat":1,"card":"QS"}
sgktisrfnv	73	{"t":"play","seat":0,"card":"2C"}
sgktisrfnv	74	{"t":"play","seat":1,"card":"KD"}
sgktisrfnv	75	{"t":"go","seat":0}
sgktisrfnv	76	{"t":"go","seat":1}
sgktisrfnv	77	{"t":"play","seat":0,"card":"JD"}
sgktisrfnv	78	{"t":"play","seat":1,"card":"JS"}
sgktisrfnv	79	{"t":"play","seat":0,"card":"JH"}
sgktisrfnv	80	{"t":"go","seat":1}
sgktisrfnv	81	{"t":"go","seat":0}
sgktisrfnv	82	{"t":"play","seat":1,"card":"QC"}
sgktisrfnv	83	{"t":"play","seat":0,"card":"10S"}
sgktisrfnv	84	{"t":"lay","seat":1,"cards":["10S","JH"]}
sgktisrfnv	85	{"t":"lay","seat":0,"cards":["QS","KH"]}
sgktisrfnv	86	{"t":"play","seat":0,"card":"6D"}
sgktisrfnv	87	{"t":"play","seat":1,"card":"3C"}
sgktisrfnv	88	{"t":"play","seat":0,"card":"6S"}
sgktisrfnv	89	{"t":"play","seat":1,"card":"2D"}
sgktisrfnv	90	{"t":"play","seat":0,"card":"4D"}
sgktisrfnv	91	{"t":"play","seat":1,"card":"AD"}
sgktisrfnv	92	{"t":"play","seat":0,"card":"7H"}
sgktisrfnv	93	{"t":"play","seat":1,"card":"AS"}
sgktisrfnv	94	{"t":"lay","seat":1,"cards":["AS","AH"]}
sgktisrfnv	95	{"t":"lay","seat":0,"cards":["9D","3C"]}
sgktisrfnv	96	{"t":"play","seat":1,"card":"QS"}
sgktisrfnv	97	{"t":"play","seat":0,"card":"3H"}
sgktisrfnv	98	{"t":"play","seat":1,"card":"5S"}
sgktisrfnv	99	{"t":"play","seat":0,"card":"10C"}
sgktisrfnv	100	{"t":"go","seat":1}
sgktisrfnv	101	{"t":"play","seat":0,"card":"AC"}
sgktisrfnv	102	{"t":"go","seat":0}
sgktisrfnv	103	{"t":"play","seat":1,"card":"5H"}
sgktisrfnv	104	{"t":"play","seat":0,"card":"8D"}
sgktisrfnv	105	{"t":"play","seat":1,"card":"5C"}
2a2zvv5sq3	0	{"t":"lay","seat":1,"cards":["5S","2C"]}
2a2zvv5sq3	1	{"t":"lay","seat":0,"cards":["10S","QD"]}
2a2zvv5sq3	2	{"t":"play","seat":1,"card":"8D"}
2a2zvv5sq3	3	{"t":"play","seat":0,"card":"2H"}
2a2zvv5sq3	4	{"t":"play","seat":1,"card":"8H"}
2a2zvv5sq3	5	{"t":"play","seat":0,"card":"5D"}
2a2zvv5sq3	6	{"t":"play","seat":1,"card":"6H"}
2a2zvv5sq3	7	{"t":"go","seat":0}
2a2zvv5sq3	8	{"t":"go","seat":1}
2a2zvv5sq3	9	{"t":"play","seat":0,"card":"QS"}
2a2zvv5sq3	10	{"t":"play","seat":1,"card":"7S"}
2a2zvv5sq3	11	{"t":"play","seat":0,"card":"JH"}
2a2zvv5sq3	12	{"t":"lay","seat":1,"cards":["JH","JD"]}
2a2zvv5sq3	13	{"t":"lay","seat":0,"cards":["5C","AC"]}
2a2zvv5sq3	14	{"t":"play","seat":0,"card":"2H"}
2a2zvv5sq3	15	{"t":"play","seat":1,"card":"7C"}
2a2zvv5sq3	16	{"t":"play","seat":0,"card":"3H"}
2a2zvv5sq3	17	{"t":"play","seat":1,"card":"7H"}
2a2zvv5sq3	18	{"t":"play","seat":0,"card":"2S"}
2a2zvv5sq3	19	{"t":"play","seat":1,"card":"8D"}
2a2zvv5sq3	20	{"t":"play","seat":0,"card":"AH"}
2a2zvv5sq3	21	{"t":"go","seat":1}
2a2zvv5sq3	22	{"t":"play","seat":1,"card":"6S"}
2a2zvv5sq3	23	{"t":"lay","seat":1,"cards":["10C","7D"]}
2a2zvv5sq3	24	{"t":"lay","seat":0,"cards":["AH","KS"]}
2a2zvv5sq3	25	{"t":"play","seat":1,"card":"4C"}
2a2zvv5sq3	26	{"t":"play","seat":0,"card":"QD"}
2a2zvv5sq3	27	{"t":"play","seat":1,"card":"JH"}
2a2zvv5sq3	28	{"t":"play","seat":0,"card":"2C"}
2a2zvv5sq3	29	{"t":"play","seat":1,"card":"5D"}
2a2zvv5sq3	30	{"t":"play","seat":0,"card":"10S"}
2a2zvv5sq3	31	{"t":"play","seat":1,"card":"3C"}
2a2zvv5sq3	32	{"t":"play","seat":0,"card":"8H"}
2a2zvv5sq3	33	{"t":"lay","seat":1,"cards":["JH","5S"]}
2a2zvv5sq3	34	{"t":"lay","seat":0,"cards":["5H","3S"]}
2a2zvv5sq3	35	{"t":"play","seat":0,"card":"9D"}
2a2zvv5sq3	36	{"t":"play","seat":1,"card":"7H"}
2a2zvv5sq3	37	{"t":"play","seat":0,"card":"4H"}
2a2zvv5sq3	38	{"t":"play","seat":1,"card":"8D"}
2a2zvv5sq3	39	{"t":"play","seat":0,"card":"AD"}
2a2zvv5sq3	40	{"t":"go","seat":1}
2a2zvv5sq3	41	{"t":"go","seat":0}
2a2zvv5sq3	42	{"t":"play","seat":1,"card":"8H"}
2a2zvv5sq3	43	{"t":"play","seat":0,"card":"JS"}
2a2zvv5sq3	44	{"t":"play","seat":1,"card":"3C"}
2a2zvv5sq3	45	{"t":"lay","seat":1,"cards":["10H","JD"]}
2a2zvv5sq3	46	{"t":"lay","seat":0,"cards":["9H","7C"]}
2a2zvv5sq3	47	{"t":"play","seat":1,"card":"3S"}
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

COPY public.games (id, rules, seats, seed, status, place, message, winner, created, updated, reminded, guild, self_count, lang, changes, rev, moves) FROM stdin;
2a2zvv5sq3	{"players": 2, "target": 121, "muggins": false, "skunk": true, "overcount": "correct"}	[{"kind": "human", "name": "Ann", "user": "local:Ann", "difficulty": ""}, {"kind": "computer", "name": "computer (normal)", "user": "", "difficulty": "normal"}]	8	active	terminal		\N	1796673927.750328	1796673928.2263677	f			en		23	48
sgktisrfnv	{"players": 2, "target": 121, "muggins": false, "skunk": true, "overcount": "correct"}	[{"kind": "human", "name": "Ann", "user": "local:Ann", "difficulty": ""}, {"kind": "computer", "name": "computer (normal)", "user": "", "difficulty": "normal"}]	7	over	terminal		1	1796673925.661918	1796673926.2782772	f			en		53	106
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
1	1796673925.6134217
2	1796673925.6162026
3	1796673925.6231074
4	1796673925.6237774
\.


--
-- Data for Name: summarized; Type: TABLE DATA; Schema: public; Owner: -
--

COPY public.summarized (game, guild, deals) FROM stdin;
sgktisrfnv		9
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

\unrestrict km9FTZYovSvzVzmDJ1H3mEtSZu5414dw5ABLC6qLphoPd7I2R0yjS5PUC8itaBs

