-- GIS map: the static part of GET /lighting/pole/map (poles, their positions and the kinds
-- mounted on them) is cached by every API node and validated with one tiny read of this
-- counter. Statement-level triggers bump it on every change to poles or to the devices'
-- placement, whichever code path (or cascade) makes it, so no node serves a stale registry.
create table lighting_map_version (
  id integer primary key check (id = 1),
  version bigint not null
);
insert into lighting_map_version (id, version) values (1, 1);

create function lighting_map_version_bump() returns trigger language plpgsql as $$
begin
  update lighting_map_version set version = version + 1 where id = 1;
  return null;
end;
$$;

create trigger dev_pole_map_version
  after insert or delete or update of project_id, code, longitude, latitude on dev_pole
  for each statement execute function lighting_map_version_bump();
create trigger dev_pole_map_version_truncate
  after truncate on dev_pole
  for each statement execute function lighting_map_version_bump();
create trigger dev_device_map_version
  after insert or delete or update of project_id, pole_id, kind on dev_device
  for each statement execute function lighting_map_version_bump();
create trigger dev_device_map_version_truncate
  after truncate on dev_device
  for each statement execute function lighting_map_version_bump();
