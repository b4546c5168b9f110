-- The back office's find box (docs/decisions/036): prefix lookups across every status, in byte order
-- (text_pattern_ops) so a prefix range is one index scan under any collation, on PGlite as on PostgreSQL.
-- A phone number's digits are kept reversed and without leading zeros: '0151 23456789' and
-- '+49 151 2345-6789' then share the prefix '98765432151'.
CREATE INDEX "creators_find_phone_idx" ON "creators" USING btree ((reverse(ltrim(substr(contact_key, 7), '0'))) text_pattern_ops) WHERE contact_key like 'phone:%';--> statement-breakpoint
CREATE INDEX "creators_find_contact_idx" ON "creators" USING btree ((lower(ltrim(btrim(contact_info), '@'))) text_pattern_ops);--> statement-breakpoint
CREATE INDEX "creators_find_name_idx" ON "creators" USING btree ((search_fold(name)) text_pattern_ops);
