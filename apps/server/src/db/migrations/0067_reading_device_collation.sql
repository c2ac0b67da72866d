-- Every raw reading adds an entry to the btree on its device (0045), and inserting it compares
-- the device id with the keys on the way down, about twenty comparisons a row. Under the
-- database's collation each one goes through the locale (a copy of both strings, strcoll, a
-- tie-break); under "C" it is a memcmp. Device ids are opaque, so their byte order serves as well.
-- A comparison with a column of the default collation (the rollups' join to dev_device) or with
-- a parameter takes "C": a column's own collation wins over the default.
alter table dev_lamp_reading alter column device_id type text collate "C";
alter table dev_sensor_reading alter column device_id type text collate "C";
