-- Who must hear a command's outcome travels with the command: besides its project, the user who
-- sent it and the job it belongs to (its kind, e.g. `lighting` for a lamp control job, which
-- strategy executions and schedule pushes run as, and its id). The outcome events carry them, so
-- that delivering an outcome needs no other module's tables.
alter table dev_command add column create_user_id text;
alter table dev_command add column job_kind text;
alter table dev_command add column job_id text;
create index dev_command_job_idx on dev_command (job_id, status) where job_id is not null;

-- Commands sent before: a lighting job's commands are those whose batch is the job.
update dev_command c set create_user_id = j.create_user_id, job_kind = 'lighting', job_id = j.id
  from lighting_job j where j.id = c.batch_id;
