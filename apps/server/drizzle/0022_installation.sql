-- Its one row is written at the first start (src/db/installation.ts), not here: the test suites'
-- databases are copies of one migrated template, and each must be an installation of its own.
CREATE TABLE "installation" (
	"singleton" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "installation_singleton_check" CHECK ("installation"."singleton" = 1)
);
