-- The rollup job rewrites the current hour's and day's row of every reporting device each
-- minute (100,000 devices: 200,000 row updates a minute). With half of each page kept free, the
-- new version of a row fits on its own page and the update is a heap-only tuple: no index entry
-- is added, the indexes stop growing with every run, and the table keeps its size instead of
-- filling with dead versions between vacuums. Pages written before this keep their old filling
-- until the table is rewritten (VACUUM FULL, or a later CLUSTER).
alter table dev_lamp_rollup set (fillfactor = 50);
alter table dev_sensor_rollup set (fillfactor = 50);
