-- API nodes alive: each renews its lease while it runs. Once a node's lease has lapsed, one
-- other node claims it (taken_by, set by a conditional update) and takes over the retries and
-- timeouts of the commands the lapsed node left pending. A node that starts again under the
-- same id renews the row and clears taken_by.
create table dev_node_lease (
  node_id text primary key,
  -- The node's client id on an external broker: the claimant drains that persistent session.
  mqtt_client_id text,
  expires_at timestamptz not null,
  taken_by text,
  taken_at timestamptz
);

-- The node that follows a pending command (sends its retries, times it out).
alter table dev_command add column node_id text;
create index dev_command_node_pending_idx on dev_command (node_id) where status = 'pending';
