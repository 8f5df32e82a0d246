"""Numbered schema migrations, applied in order and recorded in `schema_migrations`.

Never edit a migration that has shipped: add a new one. Each runs in its own
BEGIN IMMEDIATE transaction together with the row that records it, so a crash
leaves the database at one version or the next, never between.

Conventions that keep rows small (see docs/engine.md): integer ids, instants as
integer epoch seconds (UTC), local days as `date.toordinal()` integers, questions
as integer keys into `questions`, WITHOUT ROWID for tables keyed by a composite.
"""

from __future__ import annotations

import sqlite3
import time
from collections.abc import Sequence
from dataclasses import dataclass

__all__ = ["MIGRATIONS", "Migration", "apply_migrations", "current_version"]


@dataclass(frozen=True)
class Migration:
    version: int
    name: str
    sql: str


_CORE = """
CREATE TABLE learners (
    id            INTEGER PRIMARY KEY,              -- Telegram user id
    name          TEXT    NOT NULL DEFAULT '',
    language      TEXT    NOT NULL DEFAULT 'zh',
    tz            TEXT    NOT NULL DEFAULT 'Asia/Shanghai',
    blocked       INTEGER NOT NULL DEFAULT 0,
    banks         TEXT,                             -- JSON list of bank ids; NULL = all
    kinds         TEXT,                             -- JSON list of kinds; NULL = all
    poll          INTEGER NOT NULL DEFAULT 0,       -- prefer native quiz polls
    last_question INTEGER,                          -- never the same question twice in a row
    created_at    INTEGER NOT NULL
);

CREATE TABLE chats (
    id         INTEGER PRIMARY KEY,                 -- Telegram chat id
    kind       TEXT    NOT NULL CHECK (kind IN ('private', 'group', 'supergroup', 'channel')),
    title      TEXT    NOT NULL DEFAULT '',
    active     INTEGER NOT NULL DEFAULT 1,
    tz         TEXT,
    language   TEXT,
    poll       INTEGER NOT NULL DEFAULT 0,
    created_at INTEGER NOT NULL
);

CREATE TABLE questions (
    id   INTEGER PRIMARY KEY,                       -- compact key used by every other table
    bank TEXT NOT NULL,
    qid  TEXT NOT NULL,
    kind TEXT NOT NULL,
    UNIQUE (bank, qid)
);

CREATE TABLE asked (
    id         INTEGER PRIMARY KEY,
    chat_id    INTEGER NOT NULL REFERENCES chats (id) ON UPDATE CASCADE,
    learner_id INTEGER REFERENCES learners (id),     -- private: the learner; group: who asked
    question   INTEGER NOT NULL REFERENCES questions (id),
    message_id INTEGER,
    asked_at   INTEGER NOT NULL,
    closes_at  INTEGER,                              -- groups: when the question closes
    closed     INTEGER NOT NULL DEFAULT 0
);

CREATE TABLE attempts (
    learner_id  INTEGER NOT NULL REFERENCES learners (id),
    asked_id    INTEGER NOT NULL REFERENCES asked (id),
    question    INTEGER NOT NULL,
    outcome     INTEGER NOT NULL CHECK (outcome IN (0, 1, 2)),   -- wrong, partial, correct
    score       REAL    NOT NULL,
    answered_at INTEGER NOT NULL,
    local_day   INTEGER NOT NULL,                   -- the learner's local date, toordinal()
    millis      INTEGER,                            -- time taken to answer
    reply       TEXT    NOT NULL,
    PRIMARY KEY (learner_id, asked_id)              -- the exactly-once rule
) WITHOUT ROWID;

CREATE TABLE cards (
    learner_id  INTEGER NOT NULL REFERENCES learners (id),
    question    INTEGER NOT NULL,
    due         INTEGER NOT NULL,
    state       INTEGER NOT NULL,
    step        INTEGER,
    stability   REAL,
    difficulty  REAL,
    last_review INTEGER,
    lapses      INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (learner_id, question)
) WITHOUT ROWID;

CREATE TABLE streaks (
    learner_id INTEGER PRIMARY KEY REFERENCES learners (id),
    current    INTEGER NOT NULL DEFAULT 0,
    longest    INTEGER NOT NULL DEFAULT 0,
    last_day   INTEGER,
    freezes    INTEGER NOT NULL DEFAULT 0,
    frozen     INTEGER NOT NULL DEFAULT 0           -- freezes used so far, for display
);
"""

_PUSHES_AND_GROUPS = """
CREATE INDEX asked_open ON asked (chat_id, learner_id, id) WHERE closed = 0;
CREATE INDEX asked_message ON asked (chat_id, message_id) WHERE closed = 0 AND message_id IS NOT NULL;
CREATE INDEX asked_closing ON asked (closes_at) WHERE closed = 0 AND closes_at IS NOT NULL;
CREATE INDEX attempts_asked ON attempts (asked_id);
CREATE INDEX cards_due ON cards (learner_id, due);

ALTER TABLE asked ADD COLUMN poll_id TEXT;
CREATE UNIQUE INDEX asked_poll ON asked (poll_id) WHERE poll_id IS NOT NULL;

-- Multiple-choice toggles per member, so a button press after a restart keeps its ticks.
CREATE TABLE selections (
    asked_id   INTEGER NOT NULL REFERENCES asked (id),
    learner_id INTEGER NOT NULL,
    letters    TEXT    NOT NULL,
    PRIMARY KEY (asked_id, learner_id)
) WITHOUT ROWID;

CREATE TABLE subscriptions (
    id         INTEGER PRIMARY KEY,
    chat_id    INTEGER NOT NULL REFERENCES chats (id) ON UPDATE CASCADE,
    learner_id INTEGER REFERENCES learners (id),    -- who subscribed
    kind       TEXT    NOT NULL DEFAULT 'daily' CHECK (kind IN ('daily', 'remind')),
    minute     INTEGER NOT NULL CHECK (minute BETWEEN 0 AND 1439),   -- local time, minutes after 00:00
    tz         TEXT    NOT NULL,
    count      INTEGER NOT NULL DEFAULT 1 CHECK (count BETWEEN 1 AND 50),
    banks      TEXT,
    kinds      TEXT,
    active     INTEGER NOT NULL DEFAULT 1,
    next_due   INTEGER,                             -- epoch seconds of the next push
    updated_at INTEGER NOT NULL,
    UNIQUE (chat_id, kind)
);
CREATE INDEX subscriptions_due ON subscriptions (next_due) WHERE active = 1;

-- One row per subscription per local day, written BEFORE the push is sent.
CREATE TABLE deliveries (
    subscription_id INTEGER NOT NULL REFERENCES subscriptions (id),
    local_day       INTEGER NOT NULL,
    status          TEXT    NOT NULL CHECK (status IN ('planned', 'sent', 'failed', 'uncertain', 'skipped')),
    message_id      INTEGER,
    tries           INTEGER NOT NULL DEFAULT 0,
    error           TEXT,
    planned_at      INTEGER NOT NULL,
    updated_at      INTEGER NOT NULL,
    PRIMARY KEY (subscription_id, local_day)
) WITHOUT ROWID;
CREATE INDEX deliveries_planned ON deliveries (subscription_id) WHERE status = 'planned';

CREATE TABLE reports (
    id         INTEGER PRIMARY KEY,
    learner_id INTEGER NOT NULL REFERENCES learners (id),
    question   INTEGER NOT NULL REFERENCES questions (id),
    asked_id   INTEGER REFERENCES asked (id),
    comment    TEXT    NOT NULL DEFAULT '',
    created_at INTEGER NOT NULL,
    resolved   INTEGER NOT NULL DEFAULT 0
);

CREATE TABLE scores (
    chat_id    INTEGER NOT NULL REFERENCES chats (id) ON UPDATE CASCADE,
    local_day  INTEGER NOT NULL,
    learner_id INTEGER NOT NULL REFERENCES learners (id),
    points     INTEGER NOT NULL DEFAULT 0,
    correct    INTEGER NOT NULL DEFAULT 0,
    answered   INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (chat_id, local_day, learner_id)
) WITHOUT ROWID;
"""

_ANNOUNCEMENTS = """
-- /announce: one message from an admin to every active subscriber, through the same paced delivery.
CREATE TABLE announcements (
    id          INTEGER PRIMARY KEY,
    text        TEXT    NOT NULL,
    by_chat     INTEGER NOT NULL,                   -- the admin's chat: told when it is done
    created_at  INTEGER NOT NULL,
    finished_at INTEGER                             -- NULL while recipients remain
);
CREATE INDEX announcements_open ON announcements (id) WHERE finished_at IS NULL;

-- One row per announcement and chat, written BEFORE the send: the exactly-once rule of announcements.
CREATE TABLE announcement_deliveries (
    announcement_id INTEGER NOT NULL REFERENCES announcements (id),
    chat_id         INTEGER NOT NULL,
    status          TEXT    NOT NULL CHECK (status IN ('planned', 'sent', 'failed', 'uncertain', 'skipped')),
    message_id      INTEGER,
    tries           INTEGER NOT NULL DEFAULT 0,
    error           TEXT,
    planned_at      INTEGER NOT NULL,
    updated_at      INTEGER NOT NULL,
    PRIMARY KEY (announcement_id, chat_id)
) WITHOUT ROWID;
CREATE INDEX announcement_deliveries_planned ON announcement_deliveries (announcement_id)
    WHERE status = 'planned';
"""

_MODEL_HELP = """
-- Optional model help (bot/ai): caches so that the same work is never sent to a model twice, the daily
-- count of model requests per learner, and who opted out of model grading. Keyed by bank and question
-- id with a hash of the question's content (`version`): a corrected key makes old rows unreachable.
CREATE TABLE ai_judgements (
    bank       TEXT    NOT NULL,
    qid        TEXT    NOT NULL,
    version    TEXT    NOT NULL,
    reply_hash TEXT    NOT NULL,                    -- sha256 of the reply as read (width, case, script)
    lang       TEXT    NOT NULL,                    -- the reasons are written in this language
    status     TEXT    NOT NULL CHECK (status IN ('ok', 'invalid')),   -- invalid: answered, unusable
    result     TEXT,                                -- the validated judgement as JSON (status ok)
    model      TEXT    NOT NULL,
    created_at INTEGER NOT NULL,
    PRIMARY KEY (bank, qid, version, reply_hash, lang)
) WITHOUT ROWID;

CREATE TABLE ai_explanations (
    bank       TEXT    NOT NULL,
    qid        TEXT    NOT NULL,
    version    TEXT    NOT NULL,
    lang       TEXT    NOT NULL,
    status     TEXT    NOT NULL CHECK (status IN ('ok', 'invalid')),
    text       TEXT,
    model      TEXT    NOT NULL,
    created_at INTEGER NOT NULL,
    PRIMARY KEY (bank, qid, version, lang)
) WITHOUT ROWID;

CREATE TABLE ai_usage (
    learner_id INTEGER NOT NULL,
    local_day  INTEGER NOT NULL,
    calls      INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (learner_id, local_day)
) WITHOUT ROWID;

CREATE TABLE ai_opt_out (
    learner_id INTEGER PRIMARY KEY,                 -- replies of these learners are never sent to a model
    since      INTEGER NOT NULL
);
"""

_UPDATE_INBOX = """
-- Every update from Telegram, kept from the moment it is fetched until it is handled: it is confirmed to
-- Telegram (getUpdates offset, webhook answer) only once it is here, so a crash loses none; `handled_at`
-- says it is done, so none is handled twice. Rows go a day after they were handled.
CREATE TABLE updates (
    update_id   INTEGER PRIMARY KEY,                -- Telegram's update_id
    body        TEXT,                               -- the update as JSON; NULL once handled
    received_at INTEGER NOT NULL,
    handled_at  INTEGER,                            -- NULL until handled (or given up)
    replays     INTEGER NOT NULL DEFAULT 0          -- start-ups that handed it out again after a crash
);
CREATE INDEX updates_waiting ON updates (update_id) WHERE handled_at IS NULL;
CREATE INDEX updates_handled ON updates (handled_at) WHERE handled_at IS NOT NULL;
"""

_OUTBOX = """
-- Replies that could not be sent (Telegram or the network failing for a while): kept until they go, so a
-- learner's verdict is never lost. Sent in id order; given up when the chat is gone.
CREATE TABLE outbox (
    id         INTEGER PRIMARY KEY,
    chat_id    INTEGER NOT NULL,
    text       TEXT    NOT NULL,                    -- HTML
    markup     TEXT,                                -- reply_markup as JSON
    created_at INTEGER NOT NULL,
    tries      INTEGER NOT NULL DEFAULT 0,
    next_try   INTEGER NOT NULL,
    error      TEXT
);
CREATE INDEX outbox_due ON outbox (next_try);
CREATE INDEX outbox_chat ON outbox (chat_id);
"""

_PENDING_UPLOADS = """
-- A bank an admin sent as a document, imported and shown as a preview, waiting for the admin's
-- confirmation (bot/telegram/admin.py): kept here so that a restart in between loses nothing. The row
-- goes when the import is confirmed or cancelled; an old one is cleared away at the next upload.
CREATE TABLE pending_uploads (
    id         INTEGER PRIMARY KEY,
    admin_id   INTEGER NOT NULL,                    -- the admin who sent the document
    chat_id    INTEGER NOT NULL,                    -- where the preview was sent
    bank_id    TEXT    NOT NULL,                    -- the bank it becomes (or replaces)
    file_name  TEXT    NOT NULL,
    bank       TEXT    NOT NULL,                    -- the imported bank as JSON
    created_at INTEGER NOT NULL
);
"""

_GROUP_WINDOW = """
-- A group's daily question stays open until this local minute (NULL: the default, 22:00) or the next push.
ALTER TABLE chats ADD COLUMN close_minute INTEGER CHECK (close_minute BETWEEN 0 AND 1439);
"""

_SESSIONS = """
-- A short practice session: a daily push of N questions or `/quiz 10`, one question at a time, the next
-- after each answer, a summary at the end. `position` is the number of the question asked last; moving it
-- on is a compare-and-set, so one answer (or one time-out) asks the next question, never two.
CREATE TABLE sessions (
    id          INTEGER PRIMARY KEY,
    chat_id     INTEGER NOT NULL REFERENCES chats (id) ON UPDATE CASCADE,
    learner_id  INTEGER NOT NULL REFERENCES learners (id),
    kind        TEXT    NOT NULL CHECK (kind IN ('push', 'quiz')),
    total       INTEGER NOT NULL CHECK (total BETWEEN 1 AND 50),
    position    INTEGER NOT NULL DEFAULT 0,
    banks       TEXT,                               -- JSON lists; NULL: the learner's settings
    kinds       TEXT,
    poll        INTEGER NOT NULL DEFAULT 0,
    seconds     INTEGER,                            -- time limit per question (NULL: none)
    origin      TEXT    UNIQUE,                     -- a push: 'push:<subscription>:<local day>'
    started_at  INTEGER NOT NULL,
    finished_at INTEGER                             -- NULL while it runs
);
CREATE INDEX sessions_running ON sessions (chat_id, learner_id, kind) WHERE finished_at IS NULL;

ALTER TABLE asked ADD COLUMN session_id INTEGER REFERENCES sessions (id);
ALTER TABLE asked ADD COLUMN position INTEGER;     -- 1-based within its session
CREATE INDEX asked_session ON asked (session_id, position) WHERE session_id IS NOT NULL;
CREATE INDEX asked_shown ON asked (chat_id, message_id) WHERE message_id IS NOT NULL;

-- Every message that carries a question (a long one is several), and the verdict or notice that closed
-- it: a Telegram reply to any of them answers that question, whether it is the latest or not; a typed
-- answer written before a question's verdict was sent was meant for that question.
CREATE TABLE asked_messages (
    chat_id    INTEGER NOT NULL REFERENCES chats (id) ON UPDATE CASCADE,
    message_id INTEGER NOT NULL,
    asked_id   INTEGER NOT NULL REFERENCES asked (id),
    PRIMARY KEY (chat_id, message_id)
) WITHOUT ROWID;
INSERT OR IGNORE INTO asked_messages (chat_id, message_id, asked_id)
    SELECT chat_id, message_id, id FROM asked WHERE message_id IS NOT NULL;
"""

_DISPUTES = """
-- "My answer should count": a learner disputes the verdict on a fill-in or case answer; an admin accepts
-- the reply (it becomes an accepted answer in the bank file, and every attempt at the question with the
-- same reply is regraded) or rejects it. Replies are grouped by `reply_key`, the reply as the grader
-- reads it (bot/grading/accepted.py). One decision closes every open dispute of its group at once: the
-- compare-and-set on `decision_id IS NULL` makes a button work once, across restarts too.
CREATE TABLE dispute_decisions (
    id         INTEGER PRIMARY KEY,
    question   INTEGER NOT NULL REFERENCES questions (id),
    reply_key  TEXT    NOT NULL,
    reply      TEXT    NOT NULL,                    -- the reply decided on, as shown to the admin
    accepted   INTEGER NOT NULL CHECK (accepted IN (0, 1)),
    decided_by INTEGER NOT NULL,                    -- the admin's Telegram user id
    decided_at INTEGER NOT NULL,
    regraded   INTEGER NOT NULL DEFAULT 0           -- attempts the decision regraded
);
CREATE INDEX dispute_decisions_reply ON dispute_decisions (question, reply_key);

CREATE TABLE disputes (
    id          INTEGER PRIMARY KEY,
    learner_id  INTEGER NOT NULL REFERENCES learners (id),
    asked_id    INTEGER NOT NULL REFERENCES asked (id),
    question    INTEGER NOT NULL REFERENCES questions (id),
    reply       TEXT    NOT NULL,                   -- the attempt's reply as recorded
    reply_key   TEXT    NOT NULL,
    created_at  INTEGER NOT NULL,
    decision_id INTEGER REFERENCES dispute_decisions (id),   -- NULL while open
    UNIQUE (learner_id, asked_id)                   -- one dispute per attempt
);
CREATE INDEX disputes_open ON disputes (question, reply_key) WHERE decision_id IS NULL;

-- Who is told of a decision: once per learner and decision. `sent_at` is set right before the message
-- leaves (a crash then never tells twice); rows still NULL are sent at the next start.
CREATE TABLE dispute_notices (
    decision_id INTEGER NOT NULL REFERENCES dispute_decisions (id),
    learner_id  INTEGER NOT NULL REFERENCES learners (id),
    reply       TEXT    NOT NULL,                   -- the learner's own reply, as they wrote it
    sent_at     INTEGER,
    PRIMARY KEY (decision_id, learner_id)
) WITHOUT ROWID;
CREATE INDEX dispute_notices_waiting ON dispute_notices (decision_id) WHERE sent_at IS NULL;
"""

_TEACHERS_DESK = """
-- The teacher's desk (bot/web): an upload held for confirmation is also the draft the teacher reviews and
-- edits on the page. `review` is what the import said about the document (its lines, the passages left out
-- and why, the conventions recognised) as JSON; `revision` grows with every edit, so an edit made on a page
-- that shows an older revision is refused instead of undoing another one.
ALTER TABLE pending_uploads ADD COLUMN review TEXT;
ALTER TABLE pending_uploads ADD COLUMN revision INTEGER NOT NULL DEFAULT 0;

-- /panel's one-time sign-in links: the nonce goes when the link is used (or expires).
CREATE TABLE desk_links (
    nonce      TEXT    PRIMARY KEY,
    admin_id   INTEGER NOT NULL,
    expires_at INTEGER NOT NULL
) WITHOUT ROWID;

-- Signed-in teachers: the cookie holds a random value, this table only its SHA-256.
CREATE TABLE desk_sessions (
    id         TEXT    PRIMARY KEY,                 -- sha256 hex of the cookie's value
    admin_id   INTEGER NOT NULL,
    csrf       TEXT    NOT NULL,                    -- the token every form of this session carries
    via        TEXT    NOT NULL CHECK (via IN ('link', 'telegram')),
    language   TEXT,                                -- the Telegram client's language, when it said
    created_at INTEGER NOT NULL,
    expires_at INTEGER NOT NULL
) WITHOUT ROWID;
"""

_HARDENING = """
-- Updates that could not be stored or read (a lone surrogate in a text, an update_id that is no number, a
-- body that is no JSON object): kept here with the error, once, for the operator; never handled, never
-- retried. update_id is NULL when the body had none that could be used. The newest 1,000 are kept.
CREATE TABLE dead_updates (
    id          INTEGER PRIMARY KEY,
    update_id   INTEGER,
    body        TEXT    NOT NULL,                   -- as it came, ASCII-escaped, at most 64 KB
    error       TEXT    NOT NULL,
    received_at INTEGER NOT NULL
);

-- One row the health check writes (python -m bot.health): a database that answers questions but cannot
-- be written (a read-only or full disk) is unhealthy.
CREATE TABLE health_checks (
    id         INTEGER PRIMARY KEY CHECK (id = 1),
    checked_at INTEGER NOT NULL
);

-- Uploads waiting for confirmation: ids are never reused (a plain INTEGER PRIMARY KEY gave the next upload
-- the id of the last one gone, so an old preview's button confirmed another document): the last id given
-- is kept here. Each upload keeps the digest of the bank it was first read as, which its preview's buttons
-- carry; a button from before carries none, and takes only an upload from before ('' here).
CREATE TABLE upload_ids (
    id   INTEGER PRIMARY KEY CHECK (id = 1),
    last INTEGER NOT NULL
);
INSERT INTO upload_ids (id, last) SELECT 1, coalesce(max(id), 0) FROM pending_uploads;
ALTER TABLE pending_uploads ADD COLUMN digest TEXT NOT NULL DEFAULT '';

-- An upload its admin confirmed, recorded in the transaction that takes it from pending_uploads and
-- before it is put live: a restart finishes what was 'applying' or says it failed, and the admin is told
-- either way; a press of its button again says it was imported, not that it expired. Kept a week.
CREATE TABLE confirmed_imports (
    upload_id  INTEGER PRIMARY KEY,
    admin_id   INTEGER NOT NULL,
    chat_id    INTEGER NOT NULL,
    bank_id    TEXT    NOT NULL,
    file_name  TEXT    NOT NULL,
    bank       TEXT    NOT NULL,                    -- the bank as JSON until it is live ('' after)
    created_at INTEGER NOT NULL,
    review     TEXT,
    revision   INTEGER NOT NULL DEFAULT 0,
    digest     TEXT    NOT NULL,
    lang       TEXT    NOT NULL,
    state      TEXT    NOT NULL CHECK (state IN ('applying', 'done', 'failed')),
    error      TEXT
);
"""

_MISTAKES_SESSIONS = """
-- A session limited to given questions (a round's mistakes again): their keys as a JSON list, in order.
ALTER TABLE sessions ADD COLUMN only_keys TEXT;

-- How a report was closed ('fixed': the key changed; 'dismissed') and whether its reporter was told (once).
ALTER TABLE reports ADD COLUMN outcome TEXT CHECK (outcome IN ('fixed', 'dismissed'));
ALTER TABLE reports ADD COLUMN told INTEGER NOT NULL DEFAULT 0;
"""

MIGRATIONS: Sequence[Migration] = (
    Migration(1, "core tables", _CORE),
    Migration(2, "indexes, polls, selections, pushes, reports, group scores", _PUSHES_AND_GROUPS),
    Migration(3, "announcements and their exactly-once deliveries", _ANNOUNCEMENTS),
    Migration(4, "model help: judgement and explanation caches, daily use, opt-outs", _MODEL_HELP),
    Migration(5, "the update inbox: fetched updates kept until handled", _UPDATE_INBOX),
    Migration(6, "the outbox: replies kept until they can be sent", _OUTBOX),
    Migration(7, "uploaded banks waiting for the admin's confirmation", _PENDING_UPLOADS),
    Migration(8, "a group's daily question window", _GROUP_WINDOW),
    Migration(9, "practice sessions, and the messages that carry each asked question", _SESSIONS),
    Migration(10, "disputed verdicts, their decisions and who is told", _DISPUTES),
    Migration(
        11,
        "hardening: dead letters of updates, the health check's row, upload ids never reused, confirmed imports",
        _HARDENING,
    ),
    Migration(12, "the teacher's desk: drafts under review, sign-in links, sessions", _TEACHERS_DESK),
    Migration(
        13,
        "sessions limited to given questions (a round's mistakes); how a report closed, its reporter told",
        _MISTAKES_SESSIONS,
    ),
)


def _statements(sql: str) -> list[str]:
    """Split a migration into statements (no semicolons inside our literals)."""
    out, buf = [], []
    for line in sql.splitlines():
        buf.append(line.split("--", 1)[0])
        if line.split("--", 1)[0].rstrip().endswith(";"):
            out.append("\n".join(buf).strip())
            buf = []
    rest = "\n".join(buf).strip()
    if rest:
        out.append(rest)
    return [s for s in out if s.strip(" ;\n")]


def current_version(conn: sqlite3.Connection) -> int:
    conn.execute(
        "CREATE TABLE IF NOT EXISTS schema_migrations ("
        " version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at INTEGER NOT NULL)"
    )
    row = conn.execute("SELECT max(version) FROM schema_migrations").fetchone()
    return int(row[0] or 0)


def _recorded(conn: sqlite3.Connection, version: int) -> bool:
    current_version(conn)  # the table exists
    return conn.execute("SELECT 1 FROM schema_migrations WHERE version = ?", (version,)).fetchone() is not None


def apply_migrations(
    conn: sqlite3.Connection, *, target: int | None = None, migrations: Sequence[Migration] = MIGRATIONS
) -> list[int]:
    """Bring the database up to `target` (default: the newest); returns the versions applied.

    `conn` must be in autocommit mode (isolation_level=None) so the explicit
    transactions here are the only ones.
    """
    target = migrations[-1].version if target is None else target
    applied: list[int] = []
    for migration in migrations:
        if migration.version > target:
            break
        conn.execute("BEGIN IMMEDIATE")
        try:
            # Re-read inside the write lock: another process may have migrated meanwhile. A version is
            # applied when it is not recorded, not when it is above the newest: numbers are handed out to
            # work in parallel, so a later one may land first and the earlier ones still have to run.
            if _recorded(conn, migration.version):
                conn.execute("COMMIT")
                continue
            for statement in _statements(migration.sql):
                conn.execute(statement)
            conn.execute(
                "INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)",
                (migration.version, migration.name, int(time.time())),
            )
            conn.execute("COMMIT")
        except BaseException:
            conn.execute("ROLLBACK")
            raise
        applied.append(migration.version)
    return applied
