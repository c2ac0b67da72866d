-- Raw readings arrive at up to 100,000 rows a second and are read one device over a time range.
-- The btree on (device_id, ts) took most of the database's time per reading: each row put a
-- 40-byte text key into a random leaf page. A hash index on the device (a 4-byte hash per row)
-- and a BRIN index on the time (one entry per range of pages: rows arrive in time order) find
-- the same rows together, the database combining both, at under half the cost per row.
drop index dev_lamp_reading_device_ts_idx;
create index dev_lamp_reading_device_idx on dev_lamp_reading using hash (device_id);
create index dev_lamp_reading_ts_idx on dev_lamp_reading using brin (ts);

drop index dev_sensor_reading_device_ts_idx;
create index dev_sensor_reading_device_idx on dev_sensor_reading using hash (device_id);
create index dev_sensor_reading_ts_idx on dev_sensor_reading using brin (ts);
