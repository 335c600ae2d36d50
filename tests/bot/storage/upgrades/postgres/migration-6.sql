--
-- PostgreSQL database dump
--

\restrict PKWoZQ0HbBalr0bynbs3fbSSDKoUbXwA5di09SzJ1iVoprsT1qvXbANT4hHQuXp

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
povwwovqbg	0	{"t":"lay","seat":1,"cards":["AS","JS"]}
povwwovqbg	1	{"t":"lay","seat":0,"cards":["4C","QS"]}
povwwovqbg	2	{"t":"play","seat":1,"card":"2H"}
povwwovqbg	3	{"t":"play","seat":0,"card":"8C"}
povwwovqbg	4	{"t":"play","seat":1,"card":"8D"}
povwwovqbg	5	{"t":"play","seat":0,"card":"10D"}
povwwovqbg	6	{"t":"go","seat":1}
povwwovqbg	7	{"t":"go","seat":0}
povwwovqbg	8	{"t":"play","seat":1,"card":"7C"}
povwwovqbg	9	{"t":"play","seat":0,"card":"10H"}
povwwovqbg	10	{"t":"play","seat":1,"card":"9C"}
povwwovqbg	11	{"t":"play","seat":0,"card":"4H"}
povwwovqbg	12	{"t":"lay","seat":1,"cards":["AS","3D"]}
povwwovqbg	13	{"t":"lay","seat":0,"cards":["9S","6C"]}
povwwovqbg	14	{"t":"play","seat":0,"card":"QH"}
povwwovqbg	15	{"t":"play","seat":1,"card":"5H"}
povwwovqbg	16	{"t":"play","seat":0,"card":"7C"}
povwwovqbg	17	{"t":"play","seat":1,"card":"6H"}
povwwovqbg	18	{"t":"go","seat":0}
povwwovqbg	19	{"t":"go","seat":1}
povwwovqbg	20	{"t":"play","seat":0,"card":"7S"}
povwwovqbg	21	{"t":"play","seat":1,"card":"KH"}
povwwovqbg	22	{"t":"play","seat":0,"card":"8S"}
povwwovqbg	23	{"t":"go","seat":1}
povwwovqbg	24	{"t":"play","seat":1,"card":"KS"}
povwwovqbg	25	{"t":"lay","seat":1,"cards":["KD","10S"]}
povwwovqbg	26	{"t":"lay","seat":0,"cards":["QS","AS"]}
povwwovqbg	27	{"t":"play","seat":1,"card":"AD"}
povwwovqbg	28	{"t":"play","seat":0,"card":"5D"}
povwwovqbg	29	{"t":"play","seat":1,"card":"KH"}
povwwovqbg	30	{"t":"play","seat":0,"card":"2C"}
povwwovqbg	31	{"t":"play","seat":1,"card":"JC"}
povwwovqbg	32	{"t":"go","seat":0}
povwwovqbg	33	{"t":"play","seat":1,"card":"AC"}
povwwovqbg	34	{"t":"play","seat":0,"card":"4H"}
povwwovqbg	35	{"t":"play","seat":0,"card":"9D"}
povwwovqbg	36	{"t":"lay","seat":1,"cards":["8S","6D"]}
povwwovqbg	37	{"t":"lay","seat":0,"cards":["9H","QS"]}
povwwovqbg	38	{"t":"play","seat":0,"card":"4C"}
povwwovqbg	39	{"t":"play","seat":1,"card":"4H"}
povwwovqbg	40	{"t":"play","seat":0,"card":"8D"}
povwwovqbg	41	{"t":"play","seat":1,"card":"10C"}
povwwovqbg	42	{"t":"play","seat":0,"card":"3H"}
povwwovqbg	43	{"t":"play","seat":1,"card":"AH"}
povwwovqbg	44	{"t":"go","seat":0}
povwwovqbg	45	{"t":"go","seat":1}
povwwovqbg	46	{"t":"play","seat":0,"card":"QH"}
povwwovqbg	47	{"t":"play","seat":1,"card":"KD"}
povwwovqbg	48	{"t":"lay","seat":1,"cards":["9D","KH"]}
povwwovqbg	49	{"t":"lay","seat":0,"cards":["JD","7D"]}
povwwovqbg	50	{"t":"play","seat":1,"card":"3D"}
povwwovqbg	51	{"t":"play","seat":0,"card":"3S"}
povwwovqbg	52	{"t":"play","seat":1,"card":"5C"}
povwwovqbg	53	{"t":"play","seat":0,"card":"8H"}
povwwovqbg	54	{"t":"play","seat":1,"card":"5S"}
povwwovqbg	55	{"t":"play","seat":0,"card":"AS"}
povwwovqbg	56	{"t":"play","seat":1,"card":"2H"}
povwwovqbg	57	{"t":"go","seat":0}
povwwovqbg	58	{"t":"play","seat":0,"card":"QD"}
povwwovqbg	59	{"t":"lay","seat":1,"cards":["7C","2D"]}
povwwovqbg	60	{"t":"lay","seat":0,"cards":["4S","3H"]}
povwwovqbg	61	{"t":"play","seat":0,"card":"9S"}
povwwovqbg	62	{"t":"play","seat":1,"card":"6D"}
povwwovqbg	63	{"t":"play","seat":0,"card":"AD"}
povwwovqbg	64	{"t":"play","seat":1,"card":"4H"}
povwwovqbg	65	{"t":"play","seat":0,"card":"2S"}
povwwovqbg	66	{"t":"play","seat":1,"card":"5H"}
povwwovqbg	67	{"t":"play","seat":0,"card":"3C"}
povwwovqbg	68	{"t":"go","seat":1}
povwwovqbg	69	{"t":"play","seat":1,"card":"QS"}
povwwovqbg	70	{"t":"lay","seat":1,"cards":["7S","7C"]}
povwwovqbg	71	{"t":"lay","seat":0,"cards":["3D","KC"]}
povwwovqbg	72	{"t":"play","seat":1,"card":"QS"}
povwwovqbg	73	{"t":"play","seat":0,"card":"2C"}
povwwovqbg	74	{"t":"play","seat":1,"card":"KD"}
povwwovqbg	75	{"t":"go","seat":0}
povwwovqbg	76	{"t":"go","seat":1}
povwwovqbg	77	{"t":"play","seat":0,"card":"JD"}
povwwovqbg	78	{"t":"play","seat":1,"card":"JS"}
povwwovqbg	79	{"t":"play","seat":0,"card":"JH"}
povwwovqbg	80	{"t":"go","seat":1}
povwwovqbg	81	{"t":"go","seat":0}
povwwovqbg	82	{"t":"play","seat":1,"card":"QC"}
povwwovqbg	83	{"t":"play","seat":0,"card":"10S"}
povwwovqbg	84	{"t":"lay","seat":1,"cards":["10S","JH"]}
povwwovqbg	85	{"t":"lay","seat":0,"cards":["QS","KH"]}
povwwovqbg	86	{"t":"play","seat":0,"card":"6D"}
povwwovqbg	87	{"t":"play","seat":1,"card":"3C"}
povwwovqbg	88	{"t":"play","seat":0,"card":"6S"}
povwwovqbg	89	{"t":"play","seat":1,"card":"2D"}
povwwovqbg	90	{"t":"play","seat":0,"card":"4D"}
povwwovqbg	91	{"t":"play","seat":1,"card":"AD"}
povwwovqbg	92	{"t":"play","seat":0,"card":"7H"}
povwwovqbg	93	{"t":"play","seat":1,"card":"AS"}
povwwovqbg	94	{"t":"lay","seat":1,"cards":["AS","AH"]}
povwwovqbg	95	{"t":"lay","seat":0,"cards":["9D","3C"]}
povwwovqbg	96	{"t":"play","seat":1,"card":"QS"}
povwwovqbg	97	{"t":"play","seat":0,"card":"3H"}
povwwovqbg	98	{"t":"play","seat":1,"card":"5S"}
povwwovqbg	99	{"t":"play","seat":0,"card":"10C"}
povwwovqbg	100	{"t":"go","seat":1}
povwwovqbg	101	{"t":"play","seat":0,"card":"AC"}
povwwovqbg	102	{"t":"go","seat":0}
povwwovqbg	103	{"t":"play","seat":1,"card":"5H"}
povwwovqbg	104	{"t":"play","seat":0,"card":"8D"}
povwwovqbg	105	{"t":"play","seat":1,"card":"5C"}
6qrbosconm	0	{"t":"lay","seat":1,"cards":["5S","2C"]}
6qrbosconm	1	{"t":"lay","seat":0,"cards":["10S","QD"]}
6qrbosconm	2	{"t":"play","seat":1,"card":"8D"}
6qrbosconm	3	{"t":"play","seat":0,"card":"2H"}
6qrbosconm	4	{"t":"play","seat":1,"card":"8H"}
6qrbosconm	5	{"t":"play","seat":0,"card":"5D"}
6qrbosconm	6	{"t":"play","seat":1,"card":"6H"}
6qrbosconm	7	{"t":"go","seat":0}
6qrbosconm	8	{"t":"go","seat":1}
6qrbosconm	9	{"t":"play","seat":0,"card":"QS"}
6qrbosconm	10	{"t":"play","seat":1,"card":"7S"}
6qrbosconm	11	{"t":"play","seat":0,"card":"JH"}
6qrbosconm	12	{"t":"lay","seat":1,"cards":["JH","JD"]}
6qrbosconm	13	{"t":"lay","seat":0,"cards":["5C","AC"]}
6qrbosconm	14	{"t":"play","seat":0,"card":"2H"}
6qrbosconm	15	{"t":"play","seat":1,"card":"7C"}
6qrbosconm	16	{"t":"play","seat":0,"card":"3H"}
6qrbosconm	17	{"t":"play","seat":1,"card":"7H"}
6qrbosconm	18	{"t":"play","seat":0,"card":"2S"}
6qrbosconm	19	{"t":"play","seat":1,"card":"8D"}
6qrbosconm	20	{"t":"play","seat":0,"card":"AH"}
6qrbosconm	21	{"t":"go","seat":1}
6qrbosconm	22	{"t":"play","seat":1,"card":"6S"}
6qrbosconm	23	{"t":"lay","seat":1,"cards":["10C","7D"]}
6qrbosconm	24	{"t":"lay","seat":0,"cards":["AH","KS"]}
6qrbosconm	25	{"t":"play","seat":1,"card":"4C"}
6qrbosconm	26	{"t":"play","seat":0,"card":"QD"}
6qrbosconm	27	{"t":"play","seat":1,"card":"JH"}
6qrbosconm	28	{"t":"play","seat":0,"card":"2C"}
6qrbosconm	29	{"t":"play","seat":1,"card":"5D"}
6qrbosconm	30	{"t":"play","seat":0,"card":"10S"}
6qrbosconm	31	{"t":"play","seat":1,"card":"3C"}
6qrbosconm	32	{"t":"play","seat":0,"card":"8H"}
6qrbosconm	33	{"t":"lay","seat":1,"cards":["JH","5S"]}
6qrbosconm	34	{"t":"lay","seat":0,"cards":["5H","3S"]}
6qrbosconm	35	{"t":"play","seat":0,"card":"9D"}
6qrbosconm	36	{"t":"play","seat":1,"card":"7H"}
6qrbosconm	37	{"t":"play","seat":0,"card":"4H"}
6qrbosconm	38	{"t":"play","seat":1,"card":"8D"}
6qrbosconm	39	{"t":"play","seat":0,"card":"AD"}
6qrbosconm	40	{"t":"go","seat":1}
6qrbosconm	41	{"t":"go","seat":0}
6qrbosconm	42	{"t":"play","seat":1,"card":"8H"}
6qrbosconm	43	{"t":"play","seat":0,"card":"JS"}
6qrbosconm	44	{"t":"play","seat":1,"card":"3C"}
6qrbosconm	45	{"t":"lay","seat":1,"cards":["10H","JD"]}
6qrbosconm	46	{"t":"lay","seat":0,"cards":["9H","7C"]}
6qrbosconm	47	{"t":"play","seat":1,"card":"3S"}
6qrbosconm	48	{"t":"play","seat":0,"card":"QC"}
6qrbosconm	49	{"t":"play","seat":1,"card":"2S"}
6qrbosconm	50	{"t":"play","seat":0,"card":"KD"}
6qrbosconm	51	{"t":"play","seat":1,"card":"5S"}
6qrbosconm	52	{"t":"play","seat":0,"card":"AH"}
6qrbosconm	53	{"t":"play","seat":1,"card":"8S"}
6qrbosconm	54	{"t":"play","seat":0,"card":"9S"}
6qrbosconm	55	{"t":"lay","seat":1,"cards":["KC","JS"]}
6qrbosconm	56	{"t":"lay","seat":0,"cards":["QH","8D"]}
6qrbosconm	57	{"t":"play","seat":0,"card":"3D"}
6qrbosconm	58	{"t":"play","seat":1,"card":"9C"}
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
6qrbosconm	{"players": 2, "target": 121, "muggins": false, "skunk": true, "overcount": "correct"}	[{"kind": "human", "name": "Ann", "user": "local:Ann", "difficulty": ""}, {"kind": "computer", "name": "computer (normal)", "user": "", "difficulty": "normal"}]	8	active	terminal		\N	1796677422.5482101	1796677422.854737	f			en		22	59	t
povwwovqbg	{"players": 2, "target": 121, "muggins": false, "skunk": true, "overcount": "correct"}	[{"kind": "human", "name": "Ann", "user": "local:Ann", "difficulty": ""}, {"kind": "computer", "name": "computer (normal)", "user": "", "difficulty": "normal"}]	7	over	terminal		1	1796677420.9657147	1796677421.33098	f			en		36	106	t
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
1	1796677420.924283
2	1796677420.926315
3	1796677420.9288745
4	1796677420.929644
5	1796677420.933185
6	1796677420.9356797
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
povwwovqbg		9
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

\unrestrict PKWoZQ0HbBalr0bynbs3fbSSDKoUbXwA5di09SzJ1iVoprsT1qvXbANT4hHQuXp

