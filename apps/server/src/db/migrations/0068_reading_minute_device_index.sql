-- The device index of the raw readings (0045) keeps one posting list per device and day: every
-- reading extends its device's list, so at 100,000 devices reporting each second every leaf of
-- the index is written to all the time. Once the index outgrows shared_buffers each insert reads
-- and evicts pages, and the first change of each leaf after a checkpoint writes the whole 8 KB
-- page to the WAL again: 60 million readings wrote 3 million page images, and the WAL per
-- reading doubled as the day's partition filled.
--
-- Keyed by the reading's minute first, new entries go to the current minute's end of the index
-- only: a few thousand leaves, hot in the buffers, written once per checkpoint. Same 60 million
-- readings: 35 % less time, half the WAL, a thirteenth of the page images
-- (docs/performance.md, thirteenth pass). The history query probes the index once per minute of
-- the range it reads (raw-history.ts).
--
-- ts_minute is whole minutes since 1970-01-01 UTC, written by the server with each reading.
-- Readings already stored get theirs here, which rewrites the raw tables: on an installation
-- holding weeks of readings, start this version in a maintenance window.
alter table dev_lamp_reading add column ts_minute integer;
update dev_lamp_reading set ts_minute = floor(extract(epoch from ts) / 60)::integer;
alter table dev_lamp_reading alter column ts_minute set not null;
drop index dev_lamp_reading_device_idx;
create index dev_lamp_reading_minute_device_idx on dev_lamp_reading (ts_minute, device_id);

alter table dev_sensor_reading add column ts_minute integer;
update dev_sensor_reading set ts_minute = floor(extract(epoch from ts) / 60)::integer;
alter table dev_sensor_reading alter column ts_minute set not null;
drop index dev_sensor_reading_device_idx;
create index dev_sensor_reading_minute_device_idx on dev_sensor_reading (ts_minute, device_id);
