CREATE TABLE "offer_stock_versions" (
	"offer_id" integer PRIMARY KEY NOT NULL,
	"version" bigint NOT NULL
);
--> statement-breakpoint
CREATE INDEX "offer_stock_versions_version_idx" ON "offer_stock_versions" USING btree ("version");--> statement-breakpoint
CREATE SEQUENCE IF NOT EXISTS "stock_change_seq";--> statement-breakpoint
-- A commit that changes an offer's slots stamps that offer once (deferred: at commit, so the row is held only for the
-- instant of the commit), instead of bumping one counter row for the whole portal.
CREATE OR REPLACE FUNCTION offer_stock_bump() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed integer;
  flag text;
BEGIN
  IF TG_OP = 'DELETE' THEN
    changed := OLD.offer_id;
  ELSE
    changed := NEW.offer_id;
  END IF;
  flag := 'catalogue.bumped_offer_' || changed;
  IF current_setting(flag, true) = txid_current()::text THEN
    RETURN NULL;
  END IF;
  PERFORM set_config(flag, txid_current()::text, true);
  INSERT INTO offer_stock_versions (offer_id, version) VALUES (changed, nextval('stock_change_seq'))
    ON CONFLICT (offer_id) DO UPDATE SET version = EXCLUDED.version;
  RETURN NULL;
END
$$;--> statement-breakpoint
DROP TRIGGER IF EXISTS slots_bump_stock ON slots;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER slots_bump_offer_stock AFTER INSERT OR UPDATE OR DELETE ON slots DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION offer_stock_bump();
