-- Every device's latest-state row is rewritten every few seconds while it reports. With full
-- pages the new version of a row rarely fits beside the old one, so nearly every UPDATE went to
-- another page, added an entry to the primary key and left the old version to vacuum (1-2 % of
-- the updates were heap-only when rewriting 100,000 rows over and over; with half of each page
-- free, all of them, and the table stops growing).
alter table dev_state set (fillfactor = 50);
-- Rewrites the existing rows with that room (the setting applies to pages written from now on).
cluster dev_state using dev_state_pkey;
