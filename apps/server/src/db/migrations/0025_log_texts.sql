-- Log texts in both languages: `log_key` names what happened (a server message key such as
-- `log.login.password` or `oplog.user.add`), `log_content` keeps its zh-CN text and
-- `log_content_en` the en-US one, so each reader sees the log in the console's language and
-- searches it in SQL. Rows written before have only `log_content`.
alter table sys_log add column if not exists log_key text;
alter table sys_log add column if not exists log_content_en text;
