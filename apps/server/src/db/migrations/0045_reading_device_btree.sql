-- The hash index on the device (0044) costs more per row as a device's readings accumulate in
-- the day's partition: a device's entries all live in one bucket, and an insert walks the
-- bucket's chain of overflow pages to its end. A btree on the device alone costs the same for a
-- fresh partition and stays nearly flat as it fills: its entries of one device are deduplicated
-- into posting lists (a 6-byte row pointer per reading), and a new reading goes to the right end
-- of its device's range. With the BRIN index on the time it answers a device over a time range
-- as before.
drop index dev_lamp_reading_device_idx;
create index dev_lamp_reading_device_idx on dev_lamp_reading (device_id);

drop index dev_sensor_reading_device_idx;
create index dev_sensor_reading_device_idx on dev_sensor_reading (device_id);
