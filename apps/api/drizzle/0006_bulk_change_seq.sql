-- Hand-written (decision 099): a bulk insert of events may number its rows itself. The row
-- trigger of 0003 ran PL/pgSQL twice per event (the author's lock, then `nextval`): a third of
-- a 100k-event import. An insert that sets "seq" must take the author's lock of 0003 before its
-- first `nextval('change_seq')`, as the import does; every other insert and every update is
-- numbered by the trigger as before.
DROP TRIGGER "events_change_seq" ON "events";--> statement-breakpoint
CREATE TRIGGER "events_change_seq_insert" BEFORE INSERT ON "events"
  FOR EACH ROW WHEN (NEW."seq" IS NULL) EXECUTE FUNCTION "stamp_change_seq"();--> statement-breakpoint
CREATE TRIGGER "events_change_seq_update" BEFORE UPDATE ON "events"
  FOR EACH ROW EXECUTE FUNCTION "stamp_change_seq"();
