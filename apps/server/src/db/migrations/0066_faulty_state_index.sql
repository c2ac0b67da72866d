-- Devices with an active fault are few (about 1 %): the lamp list's "fault" filter reads them
-- from this index instead of checking every latest-state row.
create index if not exists dev_state_faulty_idx on dev_state (device_id) where jsonb_array_length(faults) > 0;
