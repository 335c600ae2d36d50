--
-- PostgreSQL database dump
--

\restrict B1CSPXm8RXYg0NeOtFYgwjjNv6Ju2GCzpqCVOPtQnjt8WmBx2rUm28J6NCnqy42

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
    moves bigint DEFAULT 0 NOT NULL,
    auto_go boolean DEFAULT true NOT NULL
);


--
-- Name: guild_settings; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.guild_settings (
    guild text NOT NULL,
    mentions boolean NOT NULL
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
-- Name: member_settings; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.member_settings (
    "user" text NOT NULL,
    mentions boolean NOT NULL
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
myackjapnq	0	{"t":"lay","seat":1,"cards":["AS","JS"]}
myackjapnq	1	{"t":"lay","seat":0,"cards":["4C","QS"]}
myackjapnq	2	{"t":"play","seat":1,"card":"2H"}
myackjapnq	3	{"t":"play","seat":0,"card":"8C"}
myackjapnq	4	{"t":"play","seat":1,"card":"8D"}
myackjapnq	5	{"t":"play","seat":0,"card":"10D"}
myackjapnq	6	{"t":"go","seat":1}
myackjapnq	7	{"t":"go","seat":0}
myackjapnq	8	{"t":"play","seat":1,"card":"7C"}
myackjapnq	9	{"t":"play","seat":0,"card":"10H"}
myackjapnq	10	{"t":"play","seat":1,"card":"9C"}
myackjapnq	11	{"t":"play","seat":0,"card":"4H"}
myackjapnq	12	{"t":"lay","seat":1,"cards":["AS","3D"]}
myackjapnq	13	{"t":"lay","seat":0,"cards":["9S","6C"]}
myackjapnq	14	{"t":"play","seat":0,"card":"QH"}
myackjapnq	15	{"t":"play","seat":1,"card":"5H"}
myackjapnq	16	{"t":"play","seat":0,"card":"7C"}
myackjapnq	17	{"t":"play","seat":1,"card":"6H"}
myackjapnq	18	{"t":"go","seat":0}
myackjapnq	19	{"t":"go","seat":1}
myackjapnq	20	{"t":"play","seat":0,"card":"7S"}
myackjapnq	21	{"t":"play","seat":1,"card":"KH"}
myackjapnq	22	{"t":"play","seat":0,"card":"8S"}
myackjapnq	23	{"t":"go","seat":1}
myackjapnq	24	{"t":"play","seat":1,"card":"KS"}
myackjapnq	25	{"t":"lay","seat":1,"cards":["KD","10S"]}
myackjapnq	26	{"t":"lay","seat":0,"cards":["QS","AS"]}
myackjapnq	27	{"t":"play","seat":1,"card":"AD"}
myackjapnq	28	{"t":"play","seat":0,"card":"5D"}
myackjapnq	29	{"t":"play","seat":1,"card":"KH"}
myackjapnq	30	{"t":"play","seat":0,"card":"2C"}
myackjapnq	31	{"t":"play","seat":1,"card":"JC"}
myackjapnq	32	{"t":"go","seat":0}
myackjapnq	33	{"t":"play","seat":1,"card":"AC"}
myackjapnq	34	{"t":"play","seat":0,"card":"4H"}
myackjapnq	35	{"t":"play","seat":0,"card":"9D"}
myackjapnq	36	{"t":"lay","seat":1,"cards":["8S","6D"]}
myackjapnq	37	{"t":"lay","seat":0,"cards":["9H","QS"]}
myackjapnq	38	{"t":"play","seat":0,"card":"4C"}
myackjapnq	39	{"t":"play","seat":1,"card":"4H"}
myackjapnq	40	{"t":"play","seat":0,"card":"8D"}
myackjapnq	41	{"t":"play","seat":1,"card":"10C"}
myackjapnq	42	{"t":"play","seat":0,"card":"3H"}
myackjapnq	43	{"t":"play","seat":1,"card":"AH"}
myackjapnq	44	{"t":"go","seat":0}
myackjapnq	45	{"t":"go","seat":1}
myackjapnq	46	{"t":"play","seat":0,"card":"QH"}
myackjapnq	47	{"t":"play","seat":1,"card":"KD"}
myackjapnq	48	{"t":"lay","seat":1,"cards":["9D","KH"]}
myackjapnq	49	{"t":"lay","seat":0,"cards":["JD","7D"]}
myackjapnq	50	{"t":"play","seat":1,"card":"3D"}
myackjapnq	51	{"t":"play","seat":0,"card":"3S"}
myackjapnq	52	{"t":"play","seat":1,"card":"5C"}
myackjapnq	53	{"t":"play","seat":0,"card":"8H"}
myackjapnq	54	{"t":"play","seat":1,"card":"5S"}
myackjapnq	55	{"t":"play","seat":0,"card":"AS"}
myackjapnq	56	{"t":"play","seat":1,"card":"2H"}
myackjapnq	57	{"t":"go","seat":0}
myackjapnq	58	{"t":"play","seat":0,"card":"QD"}
myackjapnq	59	{"t":"lay","seat":1,"cards":["7C","2D"]}
myackjapnq	60	{"t":"lay","seat":0,"cards":["4S","3H"]}
myackjapnq	61	{"t":"play","seat":0,"card":"9S"}
myackjapnq	62	{"t":"play","seat":1,"card":"6D"}
myackjapnq	63	{"t":"play","seat":0,"card":"AD"}
myackjapnq	64	{"t":"play","seat":1,"card":"4H"}
myackjapnq	65	{"t":"play","seat":0,"card":"2S"}
myackjapnq	66	{"t":"play","seat":1,"card":"5H"}
myackjapnq	67	{"t":"play","seat":0,"card":"3C"}
myackjapnq	68	{"t":"go","seat":1}
myackjapnq	69	{"t":"play","seat":1,"card":"QS"}
myackjapnq	70	{"t":"lay","seat":1,"cards":["7S","7C"]}
myackjapnq	71	{"t":"lay","seat":0,"cards":["3D","KC"]}
myackjapnq	72	{"t":"play","seat":1,"card":"QS"}
myackjapnq	73	{"t":"play","seat":0,"card":"2C"}
myackjapnq	74	{"t":"play","seat":1,"card":"KD"}
myackjapnq	75	{"t":"go","seat":0}
myackjapnq	76	{"t":"go","seat":1}
myackjapnq	77	{"t":"play","seat":0,"card":"JD"}
myackjapnq	78	{"t":"play","seat":1,"card":"JS"}
myackjapnq	79	{"t":"play","seat":0,"card":"JH"}
myackjapnq	80	{"t":"go","seat":1}
myackjapnq	81	{"t":"go","seat":0}
myackjapnq	82	{"t":"play","seat":1,"card":"QC"}
myackjapnq	83	{"t":"play","seat":0,"card":"10S"}
myackjapnq	84	{"t":"lay","seat":1,"cards":["10S","JH"]}
myackjapnq	85	{"t":"lay","seat":0,"cards":["QS","KH"]}
myackjapnq	86	{"t":"play","seat":0,"card":"6D"}
myackjapnq	87	{"t":"play","seat":1,"card":"3C"}
myackjapnq	88	{"t":"play","seat":0,"card":"6S"}
myackjapnq	89	{"t":"play","seat":1,"card":"2D"}
myackjapnq	90	{"t":"play","seat":0,"card":"4D"}
myackjapnq	91	{"t":"play","seat":1,"card":"AD"}
myackjapnq	92	{"t":"play","seat":0,"card":"7H"}
myackjapnq	93	{"t":"play","seat":1,"card":"AS"}
myackjapnq	94	{"t":"lay","seat":1,"cards":["AS","AH"]}
myackjapnq	95	{"t":"lay","seat":0,"cards":["9D","3C"]}
myackjapnq	96	{"t":"play","seat":1,"card":"QS"}
myackjapnq	97	{"t":"play","seat":0,"card":"3H"}
myackjapnq	98	{"t":"play","seat":1,"card":"5S"}
myackjapnq	99	{"t":"play","seat":0,"card":"10C"}
myackjapnq	100	{"t":"go","seat":1}
myackjapnq	101	{"t":"play","seat":0,"card":"AC"}
myackjapnq	102	{"t":"go","seat":0}
myackjapnq	103	{"t":"play","seat":1,"card":"5H"}
myackjapnq	104	{"t":"play","seat":0,"card":"8D"}
myackjapnq	105	{"t":"play","seat":1,"card":"5C"}
u23mkilrci	0	{"t":"lay","seat":1,"cards":["5S","2C"]}
u23mkilrci	1	{"t":"lay","seat":0,"cards":["10S","QD"]}
u23mkilrci	2	{"t":"play","seat":1,"card":"8D"}
u23mkilrci	3	{"t":"play","seat":0,"card":"2H"}
u23mkilrci	4	{"t":"play","seat":1,"card":"8H"}
u23mkilrci	5	{"t":"play","seat":0,"card":"5D"}
u23mkilrci	6	{"t":"play","seat":1,"card":"6H"}
u23mkilrci	7	{"t":"go","seat":0}
u23mkilrci	8	{"t":"go","seat":1}
u23mkilrci	9	{"t":"play","seat":0,"card":"QS"}
u23mkilrci	10	{"t":"play","seat":1,"card":"7S"}
u23mkilrci	11	{"t":"play","seat":0,"card":"JH"}
u23mkilrci	12	{"t":"lay","seat":1,"cards":["JH","JD"]}
u23mkilrci	13	{"t":"lay","seat":0,"cards":["5C","AC"]}
u23mkilrci	14	{"t":"play","seat":0,"card":"2H"}
u23mkilrci	15	{"t":"play","seat":1,"card":"7C"}
u23mkilrci	16	{"t":"play","seat":0,"card":"3H"}
u23mkilrci	17	{"t":"play","seat":1,"card":"7H"}
u23mkilrci	18	{"t":"play","seat":0,"card":"2S"}
u23mkilrci	19	{"t":"play","seat":1,"card":"8D"}
u23mkilrci	20	{"t":"play","seat":0,"card":"AH"}
u23mkilrci	21	{"t":"go","seat":1}
u23mkilrci	22	{"t":"play","seat":1,"card":"6S"}
u23mkilrci	23	{"t":"lay","seat":1,"cards":["10C","7D"]}
u23mkilrci	24	{"t":"lay","seat":0,"cards":["AH","KS"]}
u23mkilrci	25	{"t":"play","seat":1,"card":"4C"}
u23mkilrci	26	{"t":"play","seat":0,"card":"QD"}
u23mkilrci	27	{"t":"play","seat":1,"card":"JH"}
u23mkilrci	28	{"t":"play","seat":0,"card":"2C"}
u23mkilrci	29	{"t":"play","seat":1,"card":"5D"}
u23mkilrci	30	{"t":"play","seat":0,"card":"10S"}
u23mkilrci	31	{"t":"play","seat":1,"card":"3C"}
u23mkilrci	32	{"t":"play","seat":0,"card":"8H"}
u23mkilrci	33	{"t":"lay","seat":1,"cards":["JH","5S"]}
u23mkilrci	34	{"t":"lay","seat":0,"cards":["5H","3S"]}
u23mkilrci	35	{"t":"play","seat":0,"card":"9D"}
u23mkilrci	36	{"t":"play","seat":1,"card":"7H"}
u23mkilrci	37	{"t":"play","seat":0,"card":"4H"}
u23mkilrci	38	{"t":"play","seat":1,"card":"8D"}
u23mkilrci	39	{"t":"play","seat":0,"card":"AD"}
u23mkilrci	40	{"t":"go","seat":1}
u23mkilrci	41	{"t":"go","seat":0}
u23mkilrci	42	{"t":"play","seat":1,"card":"8H"}
u23mkilrci	43	{"t":"play","seat":0,"card":"JS"}
u23mkilrci	44	{"t":"play","seat":1,"card":"3C"}
u23mkilrci	45	{"t":"lay","seat":1,"cards":["10H","JD"]}
u23mkilrci	46	{"t":"lay","seat":0,"cards":["9H","7C"]}
u23mkilrci	47	{"t":"play","seat":1,"card":"3S"}
u23mkilrci	48	{"t":"play","seat":0,"card":"QC"}
u23mkilrci	49	{"t":"play","seat":1,"card":"2S"}
u23mkilrci	50	{"t":"play","seat":0,"card":"KD"}
u23mkilrci	51	{"t":"play","seat":1,"card":"5S"}
u23mkilrci	52	{"t":"play","seat":0,"card":"AH"}
u23mkilrci	53	{"t":"play","seat":1,"card":"8S"}
u23mkilrci	54	{"t":"play","seat":0,"card":"9S"}
u23mkilrci	55	{"t":"lay","seat":1,"cards":["KC","JS"]}
u23mkilrci	56	{"t":"lay","seat":0,"cards":["QH","8D"]}
u23mkilrci	57	{"t":"play","seat":0,"card":"3D"}
u23mkilrci	58	{"t":"play","seat":1,"card":"9C"}
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

COPY public.games (id, rules, seats, seed, status, place, message, winner, created, updated, reminded, guild, self_count, lang, changes, rev, moves, auto_go) FROM stdin;
u23mkilrci	{"players": 2, "target": 121, "muggins": false, "skunk": true, "overcount": "correct"}	[{"kind": "human", "name": "Ann", "user": "local:Ann", "difficulty": ""}, {"kind": "computer", "name": "computer (normal)", "user": "", "difficulty": "normal"}]	8	active	terminal		\N	1796673938.1340654	1796673938.528453	f			en		22	59	t
myackjapnq	{"players": 2, "target": 121, "muggins": false, "skunk": true, "overcount": "correct"}	[{"kind": "human", "name": "Ann", "user": "local:Ann", "difficulty": ""}, {"kind": "computer", "name": "computer (normal)", "user": "", "difficulty": "normal"}]	7	over	terminal		1	1796673936.667061	1796673937.2112126	f			en		36	106	t
\.


--
-- Data for Name: guild_settings; Type: TABLE DATA; Schema: public; Owner: -
--

COPY public.guild_settings (guild, mentions) FROM stdin;
\.


--
-- Data for Name: guild_totals; Type: TABLE DATA; Schema: public; Owner: -
--

COPY public.guild_totals (guild, games, deals, players) FROM stdin;
	1	9	2
\.


--
-- Data for Name: member_settings; Type: TABLE DATA; Schema: public; Owner: -
--

COPY public.member_settings ("user", mentions) FROM stdin;
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
1	1796673936.6205387
2	1796673936.6226242
3	1796673936.6269512
4	1796673936.6316202
5	1796673936.6395237
\.


--
-- Data for Name: summarized; Type: TABLE DATA; Schema: public; Owner: -
--

COPY public.summarized (game, guild, deals) FROM stdin;
myackjapnq		9
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
-- Name: guild_settings guild_settings_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.guild_settings
    ADD CONSTRAINT guild_settings_pkey PRIMARY KEY (guild);


--
-- Name: guild_totals guild_totals_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.guild_totals
    ADD CONSTRAINT guild_totals_pkey PRIMARY KEY (guild);


--
-- Name: member_settings member_settings_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.member_settings
    ADD CONSTRAINT member_settings_pkey PRIMARY KEY ("user");


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

\unrestrict B1CSPXm8RXYg0NeOtFYgwjjNv6Ju2GCzpqCVOPtQnjt8WmBx2rUm28J6NCnqy42

