-- Raw readings are read by device (history) and summed into rollups that keep the project, so
-- the project of every reading is not stored with it: its text was a quarter of a row, and
-- PGlite stores about a third more readings a second without it. Recomputing a rollup from raw
-- readings takes the project from the device.
alter table dev_lamp_reading drop column project_id;
alter table dev_sensor_reading drop column project_id;
