--
-- PostgreSQL database dump
--

\restrict YWxXdnr9o2LVSIChYhhqLhSWaiK9Bb7xby4SaddTrgdieHrMIzjgT1emDa9vygu

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
    auto_go boolean DEFAULT true NOT NULL,
    settings text DEFAULT ''::text NOT NULL
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
-- Name: settings; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.settings (
    scope text NOT NULL,
    owner text NOT NULL,
    name text NOT NULL,
    value text NOT NULL
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
mtn65zum3u	0	{"t":"lay","seat":1,"cards":["AS","JS"]}
mtn65zum3u	1	{"t":"lay","seat":0,"cards":["4C","QS"]}
mtn65zum3u	2	{"t":"play","seat":1,"card":"2H"}
mtn65zum3u	3	{"t":"play","seat":0,"card":"8C"}
mtn65zum3u	4	{"t":"play","seat":1,"card":"8D"}
mtn65zum3u	5	{"t":"play","seat":0,"card":"10D"}
mtn65zum3u	6	{"t":"go","seat":1}
mtn65zum3u	7	{"t":"go","seat":0}
mtn65zum3u	8	{"t":"play","seat":1,"card":"7C"}
mtn65zum3u	9	{"t":"play","seat":0,"card":"10H"}
mtn65zum3u	10	{"t":"play","seat":1,"card":"9C"}
mtn65zum3u	11	{"t":"play","seat":0,"card":"4H"}
mtn65zum3u	12	{"t":"lay","seat":1,"cards":["AS","3D"]}
mtn65zum3u	13	{"t":"lay","seat":0,"cards":["9S","6C"]}
mtn65zum3u	14	{"t":"play","seat":0,"card":"QH"}
mtn65zum3u	15	{"t":"play","seat":1,"card":"5H"}
mtn65zum3u	16	{"t":"play","seat":0,"card":"7C"}
mtn65zum3u	17	{"t":"play","seat":1,"card":"6H"}
mtn65zum3u	18	{"t":"go","seat":0}
mtn65zum3u	19	{"t":"go","seat":1}
mtn65zum3u	20	{"t":"play","seat":0,"card":"7S"}
mtn65zum3u	21	{"t":"play","seat":1,"card":"KH"}
mtn65zum3u	22	{"t":"play","seat":0,"card":"8S"}
mtn65zum3u	23	{"t":"go","seat":1}
mtn65zum3u	24	{"t":"play","seat":1,"card":"KS"}
mtn65zum3u	25	{"t":"lay","seat":1,"cards":["KD","10S"]}
mtn65zum3u	26	{"t":"lay","seat":0,"cards":["QS","AS"]}
mtn65zum3u	27	{"t":"play","seat":1,"card":"AD"}
mtn65zum3u	28	{"t":"play","seat":0,"card":"5D"}
mtn65zum3u	29	{"t":"play","seat":1,"card":"KH"}
mtn65zum3u	30	{"t":"play","seat":0,"card":"2C"}
mtn65zum3u	31	{"t":"play","seat":1,"card":"JC"}
mtn65zum3u	32	{"t":"go","seat":0}
mtn65zum3u	33	{"t":"play","seat":1,"card":"AC"}
mtn65zum3u	34	{"t":"play","seat":0,"card":"4H"}
mtn65zum3u	35	{"t":"play","seat":0,"card":"9D"}
mtn65zum3u	36	{"t":"lay","seat":1,"cards":["8S","6D"]}
mtn65zum3u	37	{"t":"lay","seat":0,"cards":["9H","QS"]}
mtn65zum3u	38	{"t":"play","seat":0,"card":"4C"}
mtn65zum3u	39	{"t":"play","seat":1,"card":"4H"}
mtn65zum3u	40	{"t":"play","seat":0,"card":"8D"}
mtn65zum3u	41	{"t":"play","seat":1,"card":"10C"}
mtn65zum3u	42	{"t":"play","seat":0,"card":"3H"}
mtn65zum3u	43	{"t":"play","seat":1,"card":"AH"}
mtn65zum3u	44	{"t":"go","seat":0}
mtn65zum3u	45	{"t":"go","seat":1}
mtn65zum3u	46	{"t":"play","seat":0,"card":"QH"}
mtn65zum3u	47	{"t":"play","seat":1,"card":"KD"}
mtn65zum3u	48	{"t":"lay","seat":1,"cards":["9D","KH"]}
mtn65zum3u	49	{"t":"lay","seat":0,"cards":["JD","7D"]}
mtn65zum3u	50	{"t":"play","seat":1,"card":"3D"}
mtn65zum3u	51	{"t":"play","seat":0,"card":"3S"}
mtn65zum3u	52	{"t":"play","seat":1,"card":"5C"}
mtn65zum3u	53	{"t":"play","seat":0,"card":"8H"}
mtn65zum3u	54	{"t":"play","seat":1,"card":"5S"}
mtn65zum3u	55	{"t":"play","seat":0,"card":"AS"}
mtn65zum3u	56	{"t":"play","seat":1,"card":"2H"}
mtn65zum3u	57	{"t":"go","seat":0}
mtn65zum3u	58	{"t":"play","seat":0,"card":"QD"}
mtn65zum3u	59	{"t":"lay","seat":1,"cards":["7C","2D"]}
mtn65zum3u	60	{"t":"lay","seat":0,"cards":["4S","3H"]}
mtn65zum3u	61	{"t":"play","seat":0,"card":"9S"}
mtn65zum3u	62	{"t":"play","seat":1,"card":"6D"}
mtn65zum3u	63	{"t":"play","seat":0,"card":"AD"}
mtn65zum3u	64	{"t":"play","seat":1,"card":"4H"}
mtn65zum3u	65	{"t":"play","seat":0,"card":"2S"}
mtn65zum3u	66	{"t":"play","seat":1,"card":"5H"}
mtn65zum3u	67	{"t":"play","seat":0,"card":"3C"}
mtn65zum3u	68	{"t":"go","seat":1}
mtn65zum3u	69	{"t":"play","seat":1,"card":"QS"}
mtn65zum3u	70	{"t":"lay","seat":1,"cards":["7S","7C"]}
mtn65zum3u	71	{"t":"lay","seat":0,"cards":["3D","KC"]}
mtn65zum3u	72	{"t":"play","seat":1,"card":"QS"}
mtn65zum3u	73	{"t":"play","seat":0,"card":"2C"}
mtn65zum3u	74	{"t":"play","seat":1,"card":"KD"}
mtn65zum3u	75	{"t":"go","seat":0}
mtn65zum3u	76	{"t":"go","seat":1}
mtn65zum3u	77	{"t":"play","seat":0,"card":"JD"}
mtn65zum3u	78	{"t":"play","seat":1,"card":"JS"}
mtn65zum3u	79	{"t":"play","seat":0,"card":"JH"}
mtn65zum3u	80	{"t":"go","seat":1}
mtn65zum3u	81	{"t":"go","seat":0}
mtn65zum3u	82	{"t":"play","seat":1,"card":"QC"}
mtn65zum3u	83	{"t":"play","seat":0,"card":"10S"}
mtn65zum3u	84	{"t":"lay","seat":1,"cards":["10S","JH"]}
mtn65zum3u	85	{"t":"lay","seat":0,"cards":["QS","KH"]}
mtn65zum3u	86	{"t":"play","seat":0,"card":"6D"}
mtn65zum3u	87	{"t":"play","seat":1,"card":"3C"}
mtn65zum3u	88	{"t":"play","seat":0,"card":"6S"}
mtn65zum3u	89	{"t":"play","seat":1,"card":"2D"}
mtn65zum3u	90	{"t":"play","seat":0,"card":"4D"}
mtn65zum3u	91	{"t":"play","seat":1,"card":"AD"}
mtn65zum3u	92	{"t":"play","seat":0,"card":"7H"}
mtn65zum3u	93	{"t":"play","seat":1,"card":"AS"}
mtn65zum3u	94	{"t":"lay","seat":1,"cards":["AS","AH"]}
mtn65zum3u	95	{"t":"lay","seat":0,"cards":["9D","3C"]}
mtn65zum3u	96	{"t":"play","seat":1,"card":"QS"}
mtn65zum3u	97	{"t":"play","seat":0,"card":"3H"}
mtn65zum3u	98	{"t":"play","seat":1,"card":"5S"}
mtn65zum3u	99	{"t":"play","seat":0,"card":"10C"}
mtn65zum3u	100	{"t":"go","seat":1}
mtn65zum3u	101	{"t":"play","seat":0,"card":"AC"}
mtn65zum3u	102	{"t":"go","seat":0}
mtn65zum3u	103	{"t":"play","seat":1,"card":"5H"}
mtn65zum3u	104	{"t":"play","seat":0,"card":"8D"}
mtn65zum3u	105	{"t":"play","seat":1,"card":"5C"}
oh5javeoip	0	{"t":"lay","seat":1,"cards":["5S","2C"]}
oh5javeoip	1	{"t":"lay","seat":0,"cards":["10S","QD"]}
oh5javeoip	2	{"t":"play","seat":1,"card":"8D"}
oh5javeoip	3	{"t":"play","seat":0,"card":"2H"}
oh5javeoip	4	{"t":"play","seat":1,"card":"8H"}
oh5javeoip	5	{"t":"play","seat":0,"card":"5D"}
oh5javeoip	6	{"t":"play","seat":1,"card":"6H"}
oh5javeoip	7	{"t":"go","seat":0}
oh5javeoip	8	{"t":"go","seat":1}
oh5javeoip	9	{"t":"play","seat":0,"card":"QS"}
oh5javeoip	10	{"t":"play","seat":1,"card":"7S"}
oh5javeoip	11	{"t":"play","seat":0,"card":"JH"}
oh5javeoip	12	{"t":"lay","seat":1,"cards":["JH","JD"]}
oh5javeoip	13	{"t":"lay","seat":0,"cards":["5C","AC"]}
oh5javeoip	14	{"t":"play","seat":0,"card":"2H"}
oh5javeoip	15	{"t":"play","seat":1,"card":"7C"}
oh5javeoip	16	{"t":"play","seat":0,"card":"3H"}
oh5javeoip	17	{"t":"play","seat":1,"card":"7H"}
oh5javeoip	18	{"t":"play","seat":0,"card":"2S"}
oh5javeoip	19	{"t":"play","seat":1,"card":"8D"}
oh5javeoip	20	{"t":"play","seat":0,"card":"AH"}
oh5javeoip	21	{"t":"go","seat":1}
oh5javeoip	22	{"t":"play","seat":1,"card":"6S"}
oh5javeoip	23	{"t":"lay","seat":1,"cards":["10C","7D"]}
oh5javeoip	24	{"t":"lay","seat":0,"cards":["AH","KS"]}
oh5javeoip	25	{"t":"play","seat":1,"card":"4C"}
oh5javeoip	26	{"t":"play","seat":0,"card":"QD"}
oh5javeoip	27	{"t":"play","seat":1,"card":"JH"}
oh5javeoip	28	{"t":"play","seat":0,"card":"2C"}
oh5javeoip	29	{"t":"play","seat":1,"card":"5D"}
oh5javeoip	30	{"t":"play","seat":0,"card":"10S"}
oh5javeoip	31	{"t":"play","seat":1,"card":"3C"}
oh5javeoip	32	{"t":"play","seat":0,"card":"8H"}
oh5javeoip	33	{"t":"lay","seat":1,"cards":["JH","5S"]}
oh5javeoip	34	{"t":"lay","seat":0,"cards":["5H","3S"]}
oh5javeoip	35	{"t":"play","seat":0,"card":"9D"}
oh5javeoip	36	{"t":"play","seat":1,"card":"7H"}
oh5javeoip	37	{"t":"play","seat":0,"card":"4H"}
oh5javeoip	38	{"t":"play","seat":1,"card":"8D"}
oh5javeoip	39	{"t":"play","seat":0,"card":"AD"}
oh5javeoip	40	{"t":"go","seat":1}
oh5javeoip	41	{"t":"go","seat":0}
oh5javeoip	42	{"t":"play","seat":1,"card":"8H"}
oh5javeoip	43	{"t":"play","seat":0,"card":"JS"}
oh5javeoip	44	{"t":"play","seat":1,"card":"3C"}
oh5javeoip	45	{"t":"lay","seat":1,"cards":["10H","JD"]}
oh5javeoip	46	{"t":"lay","seat":0,"cards":["9H","7C"]}
oh5javeoip	47	{"t":"play","seat":1,"card":"3S"}
oh5javeoip	48	{"t":"play","seat":0,"card":"QC"}
oh5javeoip	49	{"t":"play","seat":1,"card":"2S"}
oh5javeoip	50	{"t":"play","seat":0,"card":"KD"}
oh5javeoip	51	{"t":"play","seat":1,"card":"5S"}
oh5javeoip	52	{"t":"play","seat":0,"card":"AH"}
oh5javeoip	53	{"t":"play","seat":1,"card":"8S"}
oh5javeoip	54	{"t":"play","seat":0,"card":"9S"}
oh5javeoip	55	{"t":"lay","seat":1,"cards":["KC","JS"]}
oh5javeoip	56	{"t":"lay","seat":0,"cards":["QH","8D"]}
oh5javeoip	57	{"t":"play","seat":0,"card":"3D"}
oh5javeoip	58	{"t":"play","seat":1,"card":"9C"}
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

COPY public.games (id, rules, seats, seed, status, place, message, winner, created, updated, reminded, guild, self_count, lang, changes, rev, moves, auto_go, settings) FROM stdin;
oh5javeoip	{"players": 2, "target": 121, "muggins": false, "skunk": true, "overcount": "correct"}	[{"kind": "human", "name": "Ann", "user": "local:Ann", "difficulty": ""}, {"kind": "computer", "name": "computer (normal)", "user": "", "difficulty": "normal"}]	8	active	terminal		\N	1796678865.219785	1796678865.4297938	f			en		22	59	t	
mtn65zum3u	{"players": 2, "target": 121, "muggins": false, "skunk": true, "overcount": "correct"}	[{"kind": "human", "name": "Ann", "user": "local:Ann", "difficulty": ""}, {"kind": "computer", "name": "computer (normal)", "user": "", "difficulty": "normal"}]	7	over	terminal		1	1796678864.1778717	1796678864.4132671	f			en		36	106	t	
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
1	1796678864.1473823
2	1796678864.1489522
3	1796678864.1513364
4	1796678864.1520069
5	1796678864.1554475
6	1796678864.157475
7	1796678864.158263
\.


--
-- Data for Name: settings; Type: TABLE DATA; Schema: public; Owner: -
--

COPY public.settings (scope, owner, name, value) FROM stdin;
\.


--
-- Data for Name: summarized; Type: TABLE DATA; Schema: public; Owner: -
--

COPY public.summarized (game, guild, deals) FROM stdin;
mtn65zum3u		9
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
-- Name: settings settings_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.settings
    ADD CONSTRAINT settings_pkey PRIMARY KEY (scope, owner, name);


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

\unrestrict YWxXdnr9o2LVSIChYhhqLhSWaiK9Bb7xby4SaddTrgdieHrMIzjgT1emDa9vygu

