-- A small JPEG beside each work order photo (at most 320 pixels a side), made when the photo is
-- stored: the drawer shows it and opens the photo on a click. Photos stored before have none
-- (null): their thumbnail is the photo itself.
alter table alarm_workorder_photo add column thumb_file text;
