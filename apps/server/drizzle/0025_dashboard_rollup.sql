CREATE TABLE "dashboard_faq_days" (
	"device_id" integer NOT NULL,
	"kind" text NOT NULL,
	"day" timestamp with time zone NOT NULL,
	"ref_id" integer NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "dashboard_faq_days_device_id_kind_day_ref_id_pk" PRIMARY KEY("device_id","kind","day","ref_id")
);
--> statement-breakpoint
CREATE TABLE "dashboard_quarters" (
	"device_id" integer NOT NULL,
	"bucket" timestamp with time zone NOT NULL,
	"conversations" integer DEFAULT 0 NOT NULL,
	"fallback" integer DEFAULT 0 NOT NULL,
	"qa_sessions" integer DEFAULT 0 NOT NULL,
	"session_seconds" numeric DEFAULT '0' NOT NULL,
	CONSTRAINT "dashboard_quarters_device_id_bucket_pk" PRIMARY KEY("device_id","bucket")
);
--> statement-breakpoint
ALTER TABLE "dashboard_faq_days" ADD CONSTRAINT "dashboard_faq_days_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dashboard_quarters" ADD CONSTRAINT "dashboard_quarters_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Kept by triggers from here on: no row written meanwhile is missed or counted twice.
LOCK TABLE "conversations", "visitor_sessions" IN SHARE ROW EXCLUSIVE MODE;--> statement-breakpoint
-- The quarters of these instants that no longer count anything (after a delete or an update).
CREATE FUNCTION dashboard_drop_empty_quarters(device_ids int[], instants timestamptz[]) RETURNS void
LANGUAGE sql AS $fn$
  delete from dashboard_quarters q
  using (select distinct device_id, date_bin('15 minutes', at, timestamptz '2000-01-01 00:00:00+00') as bucket
    from unnest(device_ids, instants) as k(device_id, at)) k
  where q.device_id = k.device_id and q.bucket = k.bucket
    and q.conversations = 0 and q.fallback = 0 and q.qa_sessions = 0 and q.session_seconds = 0
$fn$;--> statement-breakpoint
-- Statement triggers with transition tables: a purge of 5,000 rows is one grouped upsert, not
-- 5,000. Negative counts never create a row (a device being deleted takes its rows with it), and
-- rows back to zero are deleted, so retention leaves no empty quarters behind.
CREATE FUNCTION dashboard_conversations_changed() RETURNS trigger LANGUAGE plpgsql AS $fn$
DECLARE
  changes text := CASE TG_OP
    WHEN 'INSERT' THEN 'select device_id, at, status, intent_id, location_id, 1 as sign from new_rows'
    WHEN 'DELETE' THEN 'select device_id, at, status, intent_id, location_id, -1 as sign from old_rows'
    ELSE 'select device_id, at, status, intent_id, location_id, 1 as sign from new_rows union all '
      'select device_id, at, status, intent_id, location_id, -1 from old_rows' END;
BEGIN
  EXECUTE format($q$
    with changes as (%s), d as (
      select device_id, date_bin('15 minutes', at, timestamptz '2000-01-01 00:00:00+00') as bucket,
        sum(sign)::int as conversations,
        coalesce(sum(sign) filter (where status = 'fallback'), 0)::int as fallback
      from changes group by 1, 2)
    insert into dashboard_quarters as q (device_id, bucket, conversations, fallback)
    select d.device_id, d.bucket, d.conversations, d.fallback from d
    where (d.conversations <> 0 or d.fallback <> 0) and exists (select 1 from devices where id = d.device_id)
    order by 1, 2
    on conflict (device_id, bucket) do update
      set conversations = q.conversations + excluded.conversations, fallback = q.fallback + excluded.fallback
  $q$, changes);
  EXECUTE format($q$
    with changes as (%s), d as (
      select device_id, 'topic' as kind, intent_id as ref_id, at, sign from changes
        where status = 'answered' and intent_id is not null
      union all
      select device_id, 'location', location_id, at, sign from changes
        where status = 'location' and location_id is not null), n as (
      select device_id, kind, date_bin('1 day', at, timestamptz '2000-01-01 00:00:00+00') as day, ref_id,
        sum(sign)::int as n
      from d group by 1, 2, 3, 4)
    insert into dashboard_faq_days as f (device_id, kind, day, ref_id, n)
    select n.device_id, n.kind, n.day, n.ref_id, n.n from n
    where n.n <> 0 and exists (select 1 from devices where id = n.device_id)
    order by 1, 2, 3, 4
    on conflict (device_id, kind, day, ref_id) do update set n = f.n + excluded.n
  $q$, changes);
  IF TG_OP <> 'INSERT' THEN
    EXECUTE format('with changes as (%s) select dashboard_drop_empty_quarters(array_agg(device_id), array_agg(at)) from changes', changes);
    EXECUTE format($q$
      with changes as (%s)
      delete from dashboard_faq_days f
      where f.n = 0 and (f.device_id, f.day) in (
        select device_id, date_bin('1 day', at, timestamptz '2000-01-01 00:00:00+00') from changes)
    $q$, changes);
  END IF;
  RETURN NULL;
END
$fn$;--> statement-breakpoint
CREATE FUNCTION dashboard_sessions_changed() RETURNS trigger LANGUAGE plpgsql AS $fn$
DECLARE
  -- A session counts once it asked something; an open one lasts until its last question.
  one text := 'select device_id, started_at, '
    'extract(epoch from (coalesce(ended_at, last_activity_at) - started_at)) as seconds, %s as sign '
    'from %s where questions > 0';
  changes text := CASE TG_OP
    WHEN 'INSERT' THEN format(one, 1, 'new_rows')
    WHEN 'DELETE' THEN format(one, -1, 'old_rows')
    ELSE format(one, 1, 'new_rows') || ' union all ' || format(one, -1, 'old_rows') END;
BEGIN
  EXECUTE format($q$
    with changes as (%s), d as (
      select device_id, date_bin('15 minutes', started_at, timestamptz '2000-01-01 00:00:00+00') as bucket,
        sum(sign)::int as qa_sessions, sum(sign * seconds) as session_seconds
      from changes group by 1, 2)
    insert into dashboard_quarters as q (device_id, bucket, qa_sessions, session_seconds)
    select d.device_id, d.bucket, d.qa_sessions, d.session_seconds from d
    where (d.qa_sessions <> 0 or d.session_seconds <> 0) and exists (select 1 from devices where id = d.device_id)
    order by 1, 2
    on conflict (device_id, bucket) do update
      set qa_sessions = q.qa_sessions + excluded.qa_sessions,
        session_seconds = q.session_seconds + excluded.session_seconds
  $q$, changes);
  IF TG_OP <> 'INSERT' THEN
    EXECUTE format('with changes as (%s) select dashboard_drop_empty_quarters(array_agg(device_id), array_agg(started_at)) from changes', changes);
  END IF;
  RETURN NULL;
END
$fn$;--> statement-breakpoint
CREATE TRIGGER dashboard_conversations_inserted AFTER INSERT ON "conversations"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION dashboard_conversations_changed();--> statement-breakpoint
CREATE TRIGGER dashboard_conversations_updated AFTER UPDATE ON "conversations"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION dashboard_conversations_changed();--> statement-breakpoint
CREATE TRIGGER dashboard_conversations_deleted AFTER DELETE ON "conversations"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION dashboard_conversations_changed();--> statement-breakpoint
CREATE TRIGGER dashboard_sessions_inserted AFTER INSERT ON "visitor_sessions"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION dashboard_sessions_changed();--> statement-breakpoint
CREATE TRIGGER dashboard_sessions_updated AFTER UPDATE ON "visitor_sessions"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION dashboard_sessions_changed();--> statement-breakpoint
CREATE TRIGGER dashboard_sessions_deleted AFTER DELETE ON "visitor_sessions"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION dashboard_sessions_changed();--> statement-breakpoint
-- The log as it is now.
INSERT INTO dashboard_quarters (device_id, bucket, conversations, fallback, qa_sessions, session_seconds)
SELECT device_id, bucket, sum(conversations), sum(fallback), sum(qa_sessions), sum(session_seconds) FROM (
  SELECT device_id, date_bin('15 minutes', at, timestamptz '2000-01-01 00:00:00+00') AS bucket,
    count(*) AS conversations, count(*) FILTER (WHERE status = 'fallback') AS fallback,
    0 AS qa_sessions, 0::numeric AS session_seconds
  FROM conversations GROUP BY 1, 2
  UNION ALL
  SELECT device_id, date_bin('15 minutes', started_at, timestamptz '2000-01-01 00:00:00+00'), 0, 0, count(*),
    sum(extract(epoch from (coalesce(ended_at, last_activity_at) - started_at)))
  FROM visitor_sessions WHERE questions > 0 GROUP BY 1, 2
) x GROUP BY 1, 2;--> statement-breakpoint
INSERT INTO dashboard_faq_days (device_id, kind, day, ref_id, n)
SELECT device_id, kind, date_bin('1 day', at, timestamptz '2000-01-01 00:00:00+00'), ref_id, count(*) FROM (
  SELECT device_id, 'topic' AS kind, intent_id AS ref_id, at FROM conversations
    WHERE status = 'answered' AND intent_id IS NOT NULL
  UNION ALL
  SELECT device_id, 'location', location_id, at FROM conversations
    WHERE status = 'location' AND location_id IS NOT NULL
) x GROUP BY 1, 2, 3, 4;
