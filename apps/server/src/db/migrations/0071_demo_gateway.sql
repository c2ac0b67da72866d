-- The demo (ICS_DEMO=1) manages the gateways it created, and only those: it issues them new
-- credentials at each start and simulates them. A gateway a user adds to the demo project is the
-- user's to connect.
alter table dev_gateway add column demo boolean not null default false;

-- The gateways the demo created before: the demo project's, created by the system.
update dev_gateway g set demo = true
  from sys_project p
 where p.id = g.project_id and p.code = 'DEMO' and p.del_flag = 0 and g.create_by = 'system';
