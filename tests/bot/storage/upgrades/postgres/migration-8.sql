--
-- PostgreSQL database dump
--

\restrict xMgBPPNHPrZcYiv3NY86t4tDQMEWnLcQ28NefcqSBrlmqY34UyK5ZleUeMwVV9e

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
-- Name: claims; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.claims (
    name text NOT NULL,
    holder text NOT NULL,
    until double precision NOT NULL,
    done boolean DEFAULT false NOT NULL
);


--
-- Name: daily_answers; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.daily_answers (
    guild text NOT NULL,
    day text NOT NULL,
    member text NOT NULL,
    discard text NOT NULL,
    at double precision NOT NULL
);


--
-- Name: daily_posts; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.daily_posts (
    guild text NOT NULL,
    day text NOT NULL,
    channel text NOT NULL,
    message text DEFAULT ''::text NOT NULL,
    closed boolean DEFAULT false NOT NULL
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
-- Name: rating_changes; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.rating_changes (
    guild text NOT NULL,
    member text NOT NULL,
    game text NOT NULL,
    at double precision NOT NULL,
    before double precision NOT NULL,
    rating double precision NOT NULL,
    deviation double precision NOT NULL,
    volatility double precision NOT NULL,
    results text NOT NULL
);


--
-- Name: ratings; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.ratings (
    guild text NOT NULL,
    member text NOT NULL,
    rating double precision NOT NULL,
    deviation double precision NOT NULL,
    volatility double precision NOT NULL,
    games bigint NOT NULL,
    played double precision NOT NULL
);


--
-- Name: schema_version; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.schema_version (
    version bigint NOT NULL,
    applied double precision NOT NULL
);


--
-- Name: seasons; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.seasons (
    guild text NOT NULL,
    number bigint NOT NULL,
    starts double precision NOT NULL,
    ends double precision NOT NULL,
    message text DEFAULT ''::text NOT NULL,
    standings text NOT NULL
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
cs7orkvpx5	0	{"t":"lay","seat":1,"cards":["AS","JS"]}
cs7orkvpx5	1	{"t":"lay","seat":0,"cards":["4C","QS"]}
cs7orkvpx5	2	{"t":"play","seat":1,"card":"2H"}
cs7orkvpx5	3	{"t":"play","seat":0,"card":"8C"}
cs7orkvpx5	4	{"t":"play","seat":1,"card":"8D"}
cs7orkvpx5	5	{"t":"play","seat":0,"card":"10D"}
cs7orkvpx5	6	{"t":"go","seat":1}
cs7orkvpx5	7	{"t":"go","seat":0}
cs7orkvpx5	8	{"t":"play","seat":1,"card":"7C"}
cs7orkvpx5	9	{"t":"play","seat":0,"card":"10H"}
cs7orkvpx5	10	{"t":"play","seat":1,"card":"9C"}
cs7orkvpx5	11	{"t":"play","seat":0,"card":"4H"}
cs7orkvpx5	12	{"t":"lay","seat":1,"cards":["AS","3D"]}
cs7orkvpx5	13	{"t":"lay","seat":0,"cards":["9S","6C"]}
cs7orkvpx5	14	{"t":"play","seat":0,"card":"QH"}
cs7orkvpx5	15	{"t":"play","seat":1,"card":"5H"}
cs7orkvpx5	16	{"t":"play","seat":0,"card":"7C"}
cs7orkvpx5	17	{"t":"play","seat":1,"card":"6H"}
cs7orkvpx5	18	{"t":"go","seat":0}
cs7orkvpx5	19	{"t":"go","seat":1}
cs7orkvpx5	20	{"t":"play","seat":0,"card":"7S"}
cs7orkvpx5	21	{"t":"play","seat":1,"card":"KH"}
cs7orkvpx5	22	{"t":"play","seat":0,"card":"8S"}
cs7orkvpx5	23	{"t":"go","seat":1}
cs7orkvpx5	24	{"t":"play","seat":1,"card":"KS"}
cs7orkvpx5	25	{"t":"lay","seat":1,"cards":["KD","10S"]}
cs7orkvpx5	26	{"t":"lay","seat":0,"cards":["QS","AS"]}
cs7orkvpx5	27	{"t":"play","seat":1,"card":"AD"}
cs7orkvpx5	28	{"t":"play","seat":0,"card":"5D"}
cs7orkvpx5	29	{"t":"play","seat":1,"card":"KH"}
cs7orkvpx5	30	{"t":"play","seat":0,"card":"2C"}
cs7orkvpx5	31	{"t":"play","seat":1,"card":"JC"}
cs7orkvpx5	32	{"t":"go","seat":0}
cs7orkvpx5	33	{"t":"play","seat":1,"card":"AC"}
cs7orkvpx5	34	{"t":"play","seat":0,"card":"4H"}
cs7orkvpx5	35	{"t":"play","seat":0,"card":"9D"}
cs7orkvpx5	36	{"t":"lay","seat":1,"cards":["8S","6D"]}
cs7orkvpx5	37	{"t":"lay","seat":0,"cards":["9H","QS"]}
cs7orkvpx5	38	{"t":"play","seat":0,"card":"4C"}
cs7orkvpx5	39	{"t":"play","seat":1,"card":"4H"}
cs7orkvpx5	40	{"t":"play","seat":0,"card":"8D"}
cs7orkvpx5	41	{"t":"play","seat":1,"card":"10C"}
cs7orkvpx5	42	{"t":"play","seat":0,"card":"3H"}
cs7orkvpx5	43	{"t":"play","seat":1,"card":"AH"}
cs7orkvpx5	44	{"t":"go","seat":0}
cs7orkvpx5	45	{"t":"go","seat":1}
cs7orkvpx5	46	{"t":"play","seat":0,"card":"QH"}
cs7orkvpx5	47	{"t":"play","seat":1,"card":"KD"}
cs7orkvpx5	48	{"t":"lay","seat":1,"cards":["9D","KH"]}
cs7orkvpx5	49	{"t":"lay","seat":0,"cards":["JD","7D"]}
cs7orkvpx5	50	{"t":"play","seat":1,"card":"3D"}
cs7orkvpx5	51	{"t":"play","seat":0,"card":"3S"}
cs7orkvpx5	52	{"t":"play","seat":1,"card":"5C"}
cs7orkvpx5	53	{"t":"play","seat":0,"card":"8H"}
cs7orkvpx5	54	{"t":"play","seat":1,"card":"5S"}
cs7orkvpx5	55	{"t":"play","seat":0,"card":"AS"}
cs7orkvpx5	56	{"t":"play","seat":1,"card":"2H"}
cs7orkvpx5	57	{"t":"go","seat":0}
cs7orkvpx5	58	{"t":"play","seat":0,"card":"QD"}
cs7orkvpx5	59	{"t":"lay","seat":1,"cards":["7C","2D"]}
cs7orkvpx5	60	{"t":"lay","seat":0,"cards":["4S","3H"]}
cs7orkvpx5	61	{"t":"play","seat":0,"card":"9S"}
cs7orkvpx5	62	{"t":"play","seat":1,"card":"6D"}
cs7orkvpx5	63	{"t":"play","seat":0,"card":"AD"}
cs7orkvpx5	64	{"t":"play","seat":1,"card":"4H"}
cs7orkvpx5	65	{"t":"play","seat":0,"card":"2S"}
cs7orkvpx5	66	{"t":"play","seat":1,"card":"5H"}
cs7orkvpx5	67	{"t":"play","seat":0,"card":"3C"}
cs7orkvpx5	68	{"t":"go","seat":1}
cs7orkvpx5	69	{"t":"play","seat":1,"card":"QS"}
cs7orkvpx5	70	{"t":"lay","seat":1,"cards":["7S","7C"]}
cs7orkvpx5	71	{"t":"lay","seat":0,"cards":["3D","KC"]}
cs7orkvpx5	72	{"t":"play","seat":1,"card":"QS"}
cs7orkvpx5	73	{"t":"play","seat":0,"card":"2C"}
cs7orkvpx5	74	{"t":"play","seat":1,"card":"KD"}
cs7orkvpx5	75	{"t":"go","seat":0}
cs7orkvpx5	76	{"t":"go","seat":1}
cs7orkvpx5	77	{"t":"play","seat":0,"card":"JD"}
cs7orkvpx5	78	{"t":"play","seat":1,"card":"JS"}
cs7orkvpx5	79	{"t":"play","seat":0,"card":"JH"}
cs7orkvpx5	80	{"t":"go","seat":1}
cs7orkvpx5	81	{"t":"go","seat":0}
cs7orkvpx5	82	{"t":"play","seat":1,"card":"QC"}
cs7orkvpx5	83	{"t":"play","seat":0,"card":"10S"}
cs7orkvpx5	84	{"t":"lay","seat":1,"cards":["10S","JH"]}
cs7orkvpx5	85	{"t":"lay","seat":0,"cards":["QS","KH"]}
cs7orkvpx5	86	{"t":"play","seat":0,"card":"6D"}
cs7orkvpx5	87	{"t":"play","seat":1,"card":"3C"}
cs7orkvpx5	88	{"t":"play","seat":0,"card":"6S"}
cs7orkvpx5	89	{"t":"play","seat":1,"card":"2D"}
cs7orkvpx5	90	{"t":"play","seat":0,"card":"4D"}
cs7orkvpx5	91	{"t":"play","seat":1,"card":"AD"}
cs7orkvpx5	92	{"t":"play","seat":0,"card":"7H"}
cs7orkvpx5	93	{"t":"play","seat":1,"card":"AS"}
cs7orkvpx5	94	{"t":"lay","seat":1,"cards":["AS","AH"]}
cs7orkvpx5	95	{"t":"lay","seat":0,"cards":["9D","3C"]}
cs7orkvpx5	96	{"t":"play","seat":1,"card":"QS"}
cs7orkvpx5	97	{"t":"play","seat":0,"card":"3H"}
cs7orkvpx5	98	{"t":"play","seat":1,"card":"5S"}
cs7orkvpx5	99	{"t":"play","seat":0,"card":"10C"}
cs7orkvpx5	100	{"t":"go","seat":1}
cs7orkvpx5	101	{"t":"play","seat":0,"card":"AC"}
cs7orkvpx5	102	{"t":"go","seat":0}
cs7orkvpx5	103	{"t":"play","seat":1,"card":"5H"}
cs7orkvpx5	104	{"t":"play","seat":0,"card":"8D"}
cs7orkvpx5	105	{"t":"play","seat":1,"card":"5C"}
kwwcvojmd5	0	{"t":"lay","seat":1,"cards":["5S","2C"]}
kwwcvojmd5	1	{"t":"lay","seat":0,"cards":["10S","QD"]}
kwwcvojmd5	2	{"t":"play","seat":1,"card":"8D"}
kwwcvojmd5	3	{"t":"play","seat":0,"card":"2H"}
kwwcvojmd5	4	{"t":"play","seat":1,"card":"8H"}
kwwcvojmd5	5	{"t":"play","seat":0,"card":"5D"}
kwwcvojmd5	6	{"t":"play","seat":1,"card":"6H"}
kwwcvojmd5	7	{"t":"go","seat":0}
kwwcvojmd5	8	{"t":"go","seat":1}
kwwcvojmd5	9	{"t":"play","seat":0,"card":"QS"}
kwwcvojmd5	10	{"t":"play","seat":1,"card":"7S"}
kwwcvojmd5	11	{"t":"play","seat":0,"card":"JH"}
kwwcvojmd5	12	{"t":"lay","seat":1,"cards":["JH","JD"]}
kwwcvojmd5	13	{"t":"lay","seat":0,"cards":["5C","AC"]}
kwwcvojmd5	14	{"t":"play","seat":0,"card":"2H"}
kwwcvojmd5	15	{"t":"play","seat":1,"card":"7C"}
kwwcvojmd5	16	{"t":"play","seat":0,"card":"3H"}
kwwcvojmd5	17	{"t":"play","seat":1,"card":"7H"}
kwwcvojmd5	18	{"t":"play","seat":0,"card":"2S"}
kwwcvojmd5	19	{"t":"play","seat":1,"card":"8D"}
kwwcvojmd5	20	{"t":"play","seat":0,"card":"AH"}
kwwcvojmd5	21	{"t":"go","seat":1}
kwwcvojmd5	22	{"t":"play","seat":1,"card":"6S"}
kwwcvojmd5	23	{"t":"lay","seat":1,"cards":["10C","7D"]}
kwwcvojmd5	24	{"t":"lay","seat":0,"cards":["AH","KS"]}
kwwcvojmd5	25	{"t":"play","seat":1,"card":"4C"}
kwwcvojmd5	26	{"t":"play","seat":0,"card":"QD"}
kwwcvojmd5	27	{"t":"play","seat":1,"card":"JH"}
kwwcvojmd5	28	{"t":"play","seat":0,"card":"2C"}
kwwcvojmd5	29	{"t":"play","seat":1,"card":"5D"}
kwwcvojmd5	30	{"t":"play","seat":0,"card":"10S"}
kwwcvojmd5	31	{"t":"play","seat":1,"card":"3C"}
kwwcvojmd5	32	{"t":"play","seat":0,"card":"8H"}
kwwcvojmd5	33	{"t":"lay","seat":1,"cards":["JH","5S"]}
kwwcvojmd5	34	{"t":"lay","seat":0,"cards":["5H","3S"]}
kwwcvojmd5	35	{"t":"play","seat":0,"card":"9D"}
kwwcvojmd5	36	{"t":"play","seat":1,"card":"7H"}
kwwcvojmd5	37	{"t":"play","seat":0,"card":"4H"}
kwwcvojmd5	38	{"t":"play","seat":1,"card":"8D"}
kwwcvojmd5	39	{"t":"play","seat":0,"card":"AD"}
kwwcvojmd5	40	{"t":"go","seat":1}
kwwcvojmd5	41	{"t":"go","seat":0}
kwwcvojmd5	42	{"t":"play","seat":1,"card":"8H"}
kwwcvojmd5	43	{"t":"play","seat":0,"card":"JS"}
kwwcvojmd5	44	{"t":"play","seat":1,"card":"3C"}
kwwcvojmd5	45	{"t":"lay","seat":1,"cards":["10H","JD"]}
kwwcvojmd5	46	{"t":"lay","seat":0,"cards":["9H","7C"]}
kwwcvojmd5	47	{"t":"play","seat":1,"card":"3S"}
kwwcvojmd5	48	{"t":"play","seat":0,"card":"QC"}
kwwcvojmd5	49	{"t":"play","seat":1,"card":"2S"}
kwwcvojmd5	50	{"t":"play","seat":0,"card":"KD"}
kwwcvojmd5	51	{"t":"play","seat":1,"card":"5S"}
kwwcvojmd5	52	{"t":"play","seat":0,"card":"AH"}
kwwcvojmd5	53	{"t":"play","seat":1,"card":"8S"}
kwwcvojmd5	54	{"t":"play","seat":0,"card":"9S"}
kwwcvojmd5	55	{"t":"lay","seat":1,"cards":["KC","JS"]}
kwwcvojmd5	56	{"t":"lay","seat":0,"cards":["QH","8D"]}
kwwcvojmd5	57	{"t":"play","seat":0,"card":"3D"}
kwwcvojmd5	58	{"t":"play","seat":1,"card":"9C"}
\.


--
-- Data for Name: claims; Type: TABLE DATA; Schema: public; Owner: -
--

COPY public.claims (name, holder, until, done) FROM stdin;
\.


--
-- Data for Name: daily_answers; Type: TABLE DATA; Schema: public; Owner: -
--

COPY public.daily_answers (guild, day, member, discard, at) FROM stdin;
\.


--
-- Data for Name: daily_posts; Type: TABLE DATA; Schema: public; Owner: -
--

COPY public.daily_posts (guild, day, channel, message, closed) FROM stdin;
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
kwwcvojmd5	{"players": 2, "target": 121, "muggins": false, "skunk": true, "overcount": "correct"}	[{"kind": "human", "name": "Ann", "user": "local:Ann", "difficulty": ""}, {"kind": "computer", "name": "computer (normal)", "user": "", "difficulty": "normal"}]	8	active	terminal		\N	1796687093.4172797	1796687093.6778	f			en		22	59	t	
cs7orkvpx5	{"players": 2, "target": 121, "muggins": false, "skunk": true, "overcount": "correct"}	[{"kind": "human", "name": "Ann", "user": "local:Ann", "difficulty": ""}, {"kind": "computer", "name": "computer (normal)", "user": "", "difficulty": "normal"}]	7	over	terminal		1	1796687091.6257997	1796687092.1111424	f			en		36	106	t	
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
-- Data for Name: rating_changes; Type: TABLE DATA; Schema: public; Owner: -
--

COPY public.rating_changes (guild, member, game, at, before, rating, deviation, volatility, results) FROM stdin;
\.


--
-- Data for Name: ratings; Type: TABLE DATA; Schema: public; Owner: -
--

COPY public.ratings (guild, member, rating, deviation, volatility, games, played) FROM stdin;
\.


--
-- Data for Name: schema_version; Type: TABLE DATA; Schema: public; Owner: -
--

COPY public.schema_version (version, applied) FROM stdin;
1	1796687091.5474417
2	1796687091.5509558
3	1796687091.5567908
4	1796687091.5579793
5	1796687091.5673218
6	1796687091.5724378
7	1796687091.5738194
8	1796687091.6020806
\.


--
-- Data for Name: seasons; Type: TABLE DATA; Schema: public; Owner: -
--

COPY public.seasons (guild, number, starts, ends, message, standings) FROM stdin;
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
cs7orkvpx5		9
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
-- Name: claims claims_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.claims
    ADD CONSTRAINT claims_pkey PRIMARY KEY (name);


--
-- Name: daily_answers daily_answers_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.daily_answers
    ADD CONSTRAINT daily_answers_pkey PRIMARY KEY (guild, day, member);


--
-- Name: daily_posts daily_posts_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.daily_posts
    ADD CONSTRAINT daily_posts_pkey PRIMARY KEY (guild, day);


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
-- Name: rating_changes rating_changes_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.rating_changes
    ADD CONSTRAINT rating_changes_pkey PRIMARY KEY (guild, member, game);


--
-- Name: ratings ratings_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.ratings
    ADD CONSTRAINT ratings_pkey PRIMARY KEY (guild, member);


--
-- Name: schema_version schema_version_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.schema_version
    ADD CONSTRAINT schema_version_pkey PRIMARY KEY (version);


--
-- Name: seasons seasons_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.seasons
    ADD CONSTRAINT seasons_pkey PRIMARY KEY (guild, number);


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
-- Name: daily_answers_member; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX daily_answers_member ON public.daily_answers USING btree (member, day);


--
-- Name: games_place; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX games_place ON public.games USING btree (place, status);


--
-- Name: player_totals_wins; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX player_totals_wins ON public.player_totals USING btree (guild, wins DESC);


--
-- Name: rating_changes_at; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX rating_changes_at ON public.rating_changes USING btree (guild, member, at);


--
-- Name: settings_name; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX settings_name ON public.settings USING btree (scope, name);


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

\unrestrict xMgBPPNHPrZcYiv3NY86t4tDQMEWnLcQ28NefcqSBrlmqY34UyK5ZleUeMwVV9e

