-- Offline hours were stored as the hours calls are *taken*, against their name. They now are the
-- hours the desk is *offline* (modules/calls/hours.ts). So that no desk changes behaviour, each
-- device's rows become their complement, day by day: the desk is offline at exactly the instants
-- it used to be outside its hours. Devices with no rows were always online and still are. Old rows
-- were never overnight (start < end was required); one that was not (unreachable) never matched,
-- and is left out like before. When Monday to Friday (or Saturday and Sunday) get the same spans,
-- they are written once as weekdays (weekends), as an operator would.
WITH "days"("dow", "day") AS (
  VALUES (1, 'monday'), (2, 'tuesday'), (3, 'wednesday'), (4, 'thursday'), (5, 'friday'),
         (6, 'saturday'), (7, 'sunday')
),
"old" AS (
  SELECT "device_id", "offline_hours" FROM "call_settings" WHERE jsonb_array_length("offline_hours") > 0
),
-- Each old row on each day it covered, in minutes from midnight (24:00 is 1440).
"taken" AS (
  SELECT "old"."device_id", "days"."dow",
         split_part(r->>'start', ':', 1)::int * 60 + split_part(r->>'start', ':', 2)::int AS "s",
         split_part(r->>'end', ':', 1)::int * 60 + split_part(r->>'end', ':', 2)::int AS "e"
  FROM "old"
  CROSS JOIN jsonb_array_elements("old"."offline_hours") AS r
  JOIN "days" ON r->>'day' = "days"."day"
              OR (r->>'day' = 'weekdays' AND "days"."dow" <= 5)
              OR (r->>'day' = 'weekends' AND "days"."dow" >= 6)
),
"valid" AS (SELECT * FROM "taken" WHERE "s" < "e"),
-- How far the earlier rows of the same day reach, to find the gaps between them.
"ordered" AS (
  SELECT "device_id", "dow", "s", "e",
         max("e") OVER (PARTITION BY "device_id", "dow" ORDER BY "s", "e"
                        ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING) AS "reach"
  FROM "valid"
),
"gaps" AS (
  -- before a row, from what the earlier rows reach (or midnight) to its start
  SELECT "device_id", "dow", coalesce("reach", 0) AS "s", "s" AS "e"
  FROM "ordered" WHERE "s" > coalesce("reach", 0)
  UNION ALL
  -- after the day's last row, to midnight
  SELECT "device_id", "dow", max("e"), 1440 FROM "valid" GROUP BY "device_id", "dow" HAVING max("e") < 1440
  UNION ALL
  -- a day no row covered: offline all day
  SELECT "old"."device_id", "days"."dow", 0, 1440 FROM "old" CROSS JOIN "days"
  WHERE NOT EXISTS (SELECT 1 FROM "valid" v WHERE v."device_id" = "old"."device_id" AND v."dow" = "days"."dow")
),
"per_day" AS (
  SELECT "device_id", "dow",
         jsonb_agg(jsonb_build_object(
           'start', lpad(("s" / 60)::text, 2, '0') || ':' || lpad(("s" % 60)::text, 2, '0'),
           'end', lpad(("e" / 60)::text, 2, '0') || ':' || lpad(("e" % 60)::text, 2, '0')
         ) ORDER BY "s") AS "spans"
  FROM "gaps" GROUP BY "device_id", "dow"
),
"grid" AS (
  SELECT "old"."device_id", "days"."dow", "days"."day", coalesce("per_day"."spans", '[]'::jsonb) AS "spans"
  FROM "old" CROSS JOIN "days"
  LEFT JOIN "per_day" ON "per_day"."device_id" = "old"."device_id" AND "per_day"."dow" = "days"."dow"
),
"labelled" AS (
  SELECT g."device_id", g."dow", g."spans",
         CASE
           WHEN g."dow" <= 5 AND (SELECT count(DISTINCT g2."spans") FROM "grid" g2
                                  WHERE g2."device_id" = g."device_id" AND g2."dow" <= 5) = 1 THEN 'weekdays'
           WHEN g."dow" >= 6 AND (SELECT count(DISTINCT g2."spans") FROM "grid" g2
                                  WHERE g2."device_id" = g."device_id" AND g2."dow" >= 6) = 1 THEN 'weekends'
           ELSE g."day"
         END AS "label"
  FROM "grid" g
),
"once" AS (
  SELECT DISTINCT ON ("device_id", "label") "device_id", "dow", "label", "spans"
  FROM "labelled" ORDER BY "device_id", "label", "dow"
),
"new" AS (
  SELECT "once"."device_id",
         jsonb_agg(jsonb_build_object('day', "once"."label", 'start', x.span->>'start', 'end', x.span->>'end')
                   ORDER BY "once"."dow", x.n) AS "hours"
  FROM "once" CROSS JOIN jsonb_array_elements("once"."spans") WITH ORDINALITY AS x(span, n)
  GROUP BY "once"."device_id"
)
UPDATE "call_settings" SET "offline_hours" = coalesce("new"."hours", '[]'::jsonb)
FROM "old" LEFT JOIN "new" ON "new"."device_id" = "old"."device_id"
WHERE "call_settings"."device_id" = "old"."device_id";
