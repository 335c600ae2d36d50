--
-- PostgreSQL database dump
--

\restrict MBqfMXBLzIYUNWEWxrAlZICsDzVsoMgC9Z0VleYD2hkiATJmNshGvSts51NlPhY

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
-- Name: event_entrants; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.event_entrants (
    event text NOT NULL,
    number bigint NOT NULL,
    member text NOT NULL,
    strength text DEFAULT ''::text NOT NULL,
    name text NOT NULL,
    withdrawn boolean DEFAULT false NOT NULL
);


--
-- Name: event_games; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.event_games (
    event text NOT NULL,
    round bigint NOT NULL,
    pairing bigint NOT NULL,
    game text DEFAULT ''::text NOT NULL,
    home bigint NOT NULL,
    away bigint NOT NULL,
    home_score bigint DEFAULT 0 NOT NULL,
    away_score bigint DEFAULT 0 NOT NULL,
    outcome text DEFAULT ''::text NOT NULL,
    corrected_by text DEFAULT ''::text NOT NULL
);


--
-- Name: events; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.events (
    id text NOT NULL,
    guild text NOT NULL,
    format text NOT NULL,
    settings text NOT NULL,
    state text NOT NULL,
    director text NOT NULL,
    channel text NOT NULL,
    message text DEFAULT ''::text NOT NULL,
    round bigint DEFAULT 0 NOT NULL,
    seed bigint NOT NULL,
    lang text DEFAULT 'en'::text NOT NULL,
    created double precision NOT NULL
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
hlurqcev4h	0	{"t":"lay","seat":1,"cards":["AS","JS"]}
hlurqcev4h	1	{"t":"lay","seat":0,"cards":["4C","QS"]}
hlurqcev4h	2	{"t":"play","seat":1,"card":"2H"}
hlurqcev4h	3	{"t":"play","seat":0,"card":"8C"}
hlurqcev4h	4	{"t":"play","seat":1,"card":"8D"}
hlurqcev4h	5	{"t":"play","seat":0,"card":"10D"}
hlurqcev4h	6	{"t":"go","seat":1}
hlurqcev4h	7	{"t":"go","seat":0}
hlurqcev4h	8	{"t":"play","seat":1,"card":"7C"}
hlurqcev4h	9	{"t":"play","seat":0,"card":"10H"}
hlurqcev4h	10	{"t":"play","seat":1,"card":"9C"}
hlurqcev4h	11	{"t":"play","seat":0,"card":"4H"}
hlurqcev4h	12	{"t":"lay","seat":1,"cards":["AS","3D"]}
hlurqcev4h	13	{"t":"lay","seat":0,"cards":["9S","6C"]}
hlurqcev4h	14	{"t":"play","seat":0,"card":"QH"}
hlurqcev4h	15	{"t":"play","seat":1,"card":"5H"}
hlurqcev4h	16	{"t":"play","seat":0,"card":"7C"}
hlurqcev4h	17	{"t":"play","seat":1,"card":"6H"}
hlurqcev4h	18	{"t":"go","seat":0}
hlurqcev4h	19	{"t":"go","seat":1}
hlurqcev4h	20	{"t":"play","seat":0,"card":"7S"}
hlurqcev4h	21	{"t":"play","seat":1,"card":"KH"}
hlurqcev4h	22	{"t":"play","seat":0,"card":"8S"}
hlurqcev4h	23	{"t":"go","seat":1}
hlurqcev4h	24	{"t":"play","seat":1,"card":"KS"}
hlurqcev4h	25	{"t":"lay","seat":1,"cards":["KD","10S"]}
hlurqcev4h	26	{"t":"lay","seat":0,"cards":["QS","AS"]}
hlurqcev4h	27	{"t":"play","seat":1,"card":"AD"}
hlurqcev4h	28	{"t":"play","seat":0,"card":"5D"}
hlurqcev4h	29	{"t":"play","seat":1,"card":"KH"}
hlurqcev4h	30	{"t":"play","seat":0,"card":"2C"}
hlurqcev4h	31	{"t":"play","seat":1,"card":"JC"}
hlurqcev4h	32	{"t":"go","seat":0}
hlurqcev4h	33	{"t":"play","seat":1,"card":"AC"}
hlurqcev4h	34	{"t":"play","seat":0,"card":"4H"}
hlurqcev4h	35	{"t":"play","seat":0,"card":"9D"}
hlurqcev4h	36	{"t":"lay","seat":1,"cards":["8S","6D"]}
hlurqcev4h	37	{"t":"lay","seat":0,"cards":["9H","QS"]}
hlurqcev4h	38	{"t":"play","seat":0,"card":"4C"}
hlurqcev4h	39	{"t":"play","seat":1,"card":"4H"}
hlurqcev4h	40	{"t":"play","seat":0,"card":"8D"}
hlurqcev4h	41	{"t":"play","seat":1,"card":"10C"}
hlurqcev4h	42	{"t":"play","seat":0,"card":"3H"}
hlurqcev4h	43	{"t":"play","seat":1,"card":"AH"}
hlurqcev4h	44	{"t":"go","seat":0}
hlurqcev4h	45	{"t":"go","seat":1}
hlurqcev4h	46	{"t":"play","seat":0,"card":"QH"}
hlurqcev4h	47	{"t":"play","seat":1,"card":"KD"}
hlurqcev4h	48	{"t":"lay","seat":1,"cards":["9D","KH"]}
hlurqcev4h	49	{"t":"lay","seat":0,"cards":["JD","7D"]}
hlurqcev4h	50	{"t":"play","seat":1,"card":"3D"}
hlurqcev4h	51	{"t":"play","seat":0,"card":"3S"}
hlurqcev4h	52	{"t":"play","seat":1,"card":"5C"}
hlurqcev4h	53	{"t":"play","seat":0,"card":"8H"}
hlurqcev4h	54	{"t":"play","seat":1,"card":"5S"}
hlurqcev4h	55	{"t":"play","seat":0,"card":"AS"}
hlurqcev4h	56	{"t":"play","seat":1,"card":"2H"}
hlurqcev4h	57	{"t":"go","seat":0}
hlurqcev4h	58	{"t":"play","seat":0,"card":"QD"}
hlurqcev4h	59	{"t":"lay","seat":1,"cards":["7C","2D"]}
hlurqcev4h	60	{"t":"lay","seat":0,"cards":["4S","3H"]}
hlurqcev4h	61	{"t":"play","seat":0,"card":"9S"}
hlurqcev4h	62	{"t":"play","seat":1,"card":"6D"}
hlurqcev4h	63	{"t":"play","seat":0,"card":"AD"}
hlurqcev4h	64	{"t":"play","seat":1,"card":"4H"}
hlurqcev4h	65	{"t":"play","seat":0,"card":"2S"}
hlurqcev4h	66	{"t":"play","seat":1,"card":"5H"}
hlurqcev4h	67	{"t":"play","seat":0,"card":"3C"}
hlurqcev4h	68	{"t":"go","seat":1}
hlurqcev4h	69	{"t":"play","seat":1,"card":"QS"}
hlurqcev4h	70	{"t":"lay","seat":1,"cards":["7S","7C"]}
hlurqcev4h	71	{"t":"lay","seat":0,"cards":["3D","KC"]}
hlurqcev4h	72	{"t":"play","seat":1,"card":"QS"}
hlurqcev4h	73	{"t":"play","seat":0,"card":"2C"}
hlurqcev4h	74	{"t":"play","seat":1,"card":"KD"}
hlurqcev4h	75	{"t":"go","seat":0}
hlurqcev4h	76	{"t":"go","seat":1}
hlurqcev4h	77	{"t":"play","seat":0,"card":"JD"}
hlurqcev4h	78	{"t":"play","seat":1,"card":"JS"}
hlurqcev4h	79	{"t":"play","seat":0,"card":"JH"}
hlurqcev4h	80	{"t":"go","seat":1}
hlurqcev4h	81	{"t":"go","seat":0}
hlurqcev4h	82	{"t":"play","seat":1,"card":"QC"}
hlurqcev4h	83	{"t":"play","seat":0,"card":"10S"}
hlurqcev4h	84	{"t":"lay","seat":1,"cards":["10S","JH"]}
hlurqcev4h	85	{"t":"lay","seat":0,"cards":["QS","KH"]}
hlurqcev4h	86	{"t":"play","seat":0,"card":"6D"}
hlurqcev4h	87	{"t":"play","seat":1,"card":"3C"}
hlurqcev4h	88	{"t":"play","seat":0,"card":"6S"}
hlurqcev4h	89	{"t":"play","seat":1,"card":"2D"}
hlurqcev4h	90	{"t":"play","seat":0,"card":"4D"}
hlurqcev4h	91	{"t":"play","seat":1,"card":"AD"}
hlurqcev4h	92	{"t":"play","seat":0,"card":"7H"}
hlurqcev4h	93	{"t":"play","seat":1,"card":"AS"}
hlurqcev4h	94	{"t":"lay","seat":1,"cards":["AS","AH"]}
hlurqcev4h	95	{"t":"lay","seat":0,"cards":["9D","3C"]}
hlurqcev4h	96	{"t":"play","seat":1,"card":"QS"}
hlurqcev4h	97	{"t":"play","seat":0,"card":"3H"}
hlurqcev4h	98	{"t":"play","seat":1,"card":"5S"}
hlurqcev4h	99	{"t":"play","seat":0,"card":"10C"}
hlurqcev4h	100	{"t":"go","seat":1}
hlurqcev4h	101	{"t":"play","seat":0,"card":"AC"}
hlurqcev4h	102	{"t":"go","seat":0}
hlurqcev4h	103	{"t":"play","seat":1,"card":"5H"}
hlurqcev4h	104	{"t":"play","seat":0,"card":"8D"}
hlurqcev4h	105	{"t":"play","seat":1,"card":"5C"}
loog33risq	0	{"t":"lay","seat":1,"cards":["5S","2C"]}
loog33risq	1	{"t":"lay","seat":0,"cards":["10S","QD"]}
loog33risq	2	{"t":"play","seat":1,"card":"8D"}
loog33risq	3	{"t":"play","seat":0,"card":"2H"}
loog33risq	4	{"t":"play","seat":1,"card":"8H"}
loog33risq	5	{"t":"play","seat":0,"card":"5D"}
loog33risq	6	{"t":"play","seat":1,"card":"6H"}
loog33risq	7	{"t":"go","seat":0}
loog33risq	8	{"t":"go","seat":1}
loog33risq	9	{"t":"play","seat":0,"card":"QS"}
loog33risq	10	{"t":"play","seat":1,"card":"7S"}
loog33risq	11	{"t":"play","seat":0,"card":"JH"}
loog33risq	12	{"t":"lay","seat":1,"cards":["JH","JD"]}
loog33risq	13	{"t":"lay","seat":0,"cards":["5C","AC"]}
loog33risq	14	{"t":"play","seat":0,"card":"2H"}
loog33risq	15	{"t":"play","seat":1,"card":"7C"}
loog33risq	16	{"t":"play","seat":0,"card":"3H"}
loog33risq	17	{"t":"play","seat":1,"card":"7H"}
loog33risq	18	{"t":"play","seat":0,"card":"2S"}
loog33risq	19	{"t":"play","seat":1,"card":"8D"}
loog33risq	20	{"t":"play","seat":0,"card":"AH"}
loog33risq	21	{"t":"go","seat":1}
loog33risq	22	{"t":"play","seat":1,"card":"6S"}
loog33risq	23	{"t":"lay","seat":1,"cards":["10C","7D"]}
loog33risq	24	{"t":"lay","seat":0,"cards":["AH","KS"]}
loog33risq	25	{"t":"play","seat":1,"card":"4C"}
loog33risq	26	{"t":"play","seat":0,"card":"QD"}
loog33risq	27	{"t":"play","seat":1,"card":"JH"}
loog33risq	28	{"t":"play","seat":0,"card":"2C"}
loog33risq	29	{"t":"play","seat":1,"card":"5D"}
loog33risq	30	{"t":"play","seat":0,"card":"10S"}
loog33risq	31	{"t":"play","seat":1,"card":"3C"}
loog33risq	32	{"t":"play","seat":0,"card":"8H"}
loog33risq	33	{"t":"lay","seat":1,"cards":["JH","5S"]}
loog33risq	34	{"t":"lay","seat":0,"cards":["5H","3S"]}
loog33risq	35	{"t":"play","seat":0,"card":"9D"}
loog33risq	36	{"t":"play","seat":1,"card":"7H"}
loog33risq	37	{"t":"play","seat":0,"card":"4H"}
loog33risq	38	{"t":"play","seat":1,"card":"8D"}
loog33risq	39	{"t":"play","seat":0,"card":"AD"}
loog33risq	40	{"t":"go","seat":1}
loog33risq	41	{"t":"go","seat":0}
loog33risq	42	{"t":"play","seat":1,"card":"8H"}
loog33risq	43	{"t":"play","seat":0,"card":"JS"}
loog33risq	44	{"t":"play","seat":1,"card":"3C"}
loog33risq	45	{"t":"lay","seat":1,"cards":["10H","JD"]}
loog33risq	46	{"t":"lay","seat":0,"cards":["9H","7C"]}
loog33risq	47	{"t":"play","seat":1,"card":"3S"}
loog33risq	48	{"t":"play","seat":0,"card":"QC"}
loog33risq	49	{"t":"play","seat":1,"card":"2S"}
loog33risq	50	{"t":"play","seat":0,"card":"KD"}
loog33risq	51	{"t":"play","seat":1,"card":"5S"}
loog33risq	52	{"t":"play","seat":0,"card":"AH"}
loog33risq	53	{"t":"play","seat":1,"card":"8S"}
loog33risq	54	{"t":"play","seat":0,"card":"9S"}
loog33risq	55	{"t":"lay","seat":1,"cards":["KC","JS"]}
loog33risq	56	{"t":"lay","seat":0,"cards":["QH","8D"]}
loog33risq	57	{"t":"play","seat":0,"card":"3D"}
loog33risq	58	{"t":"play","seat":1,"card":"9C"}
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
-- Data for Name: event_entrants; Type: TABLE DATA; Schema: public; Owner: -
--

COPY public.event_entrants (event, number, member, strength, name, withdrawn) FROM stdin;
\.


--
-- Data for Name: event_games; Type: TABLE DATA; Schema: public; Owner: -
--

COPY public.event_games (event, round, pairing, game, home, away, home_score, away_score, outcome, corrected_by) FROM stdin;
\.


--
-- Data for Name: events; Type: TABLE DATA; Schema: public; Owner: -
--

COPY public.events (id, guild, format, settings, state, director, channel, message, round, seed, lang, created) FROM stdin;
\.


--
-- Data for Name: games; Type: TABLE DATA; Schema: public; Owner: -
--

COPY public.games (id, rules, seats, seed, status, place, message, winner, created, updated, reminded, guild, self_count, lang, changes, rev, moves, auto_go, settings) FROM stdin;
loog33risq	{"players": 2, "target": 121, "muggins": false, "skunk": true, "overcount": "correct"}	[{"kind": "human", "name": "Ann", "user": "local:Ann", "difficulty": ""}, {"kind": "computer", "name": "computer (normal)", "user": "", "difficulty": "normal"}]	8	active	terminal		\N	1796688409.494258	1796688410.0607355	f			en		22	59	t	
hlurqcev4h	{"players": 2, "target": 121, "muggins": false, "skunk": true, "overcount": "correct"}	[{"kind": "human", "name": "Ann", "user": "local:Ann", "difficulty": ""}, {"kind": "computer", "name": "computer (normal)", "user": "", "difficulty": "normal"}]	7	over	terminal		1	1796688406.030302	1796688406.9526904	f			en		36	106	t	
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
1	1796688405.8803225
2	1796688405.8839238
3	1796688405.8906522
4	1796688405.891752
5	1796688405.9034925
6	1796688405.9102256
7	1796688405.9114728
8	1796688405.972984
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
hlurqcev4h		9
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
-- Name: event_entrants event_entrants_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.event_entrants
    ADD CONSTRAINT event_entrants_pkey PRIMARY KEY (event, number);


--
-- Name: event_games event_games_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.event_games
    ADD CONSTRAINT event_games_pkey PRIMARY KEY (event, round, pairing);


--
-- Name: events events_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.events
    ADD CONSTRAINT events_pkey PRIMARY KEY (id);


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
-- Name: event_entrants_member; Type: INDEX; Schema: public; Owner: -
--

CREATE UNIQUE INDEX event_entrants_member ON public.event_entrants USING btree (event, member) WHERE (member <> ''::text);


--
-- Name: event_games_game; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX event_games_game ON public.event_games USING btree (game);


--
-- Name: events_guild; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX events_guild ON public.events USING btree (guild, state);


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

\unrestrict MBqfMXBLzIYUNWEWxrAlZICsDzVsoMgC9Z0VleYD2hkiATJmNshGvSts51NlPhY

