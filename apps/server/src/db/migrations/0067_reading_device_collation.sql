-- Every raw reading adds an entry to the btree on its device (0045), and inserting it compares
-- the device id with the keys on the way down, about twenty comparisons a row. Under the
-- database's collation each one goes through the locale (a copy of both strings, strcoll, a
-- tie-break); under "C" it is a memcmp. Device ids are opaque, so their byte order serves as well.
-- Queries comparing a reading's device with a column of the default collation name the
-- collation (rollup-sql.ts); a parameter takes the column's.
alter table dev_lamp_reading alter column device_id type text collate "C";
alter table dev_sensor_reading alter column device_id type text collate "C";
