-- The user list's default order (newest first), so a page is read from the index
-- instead of sorting every user.
create index sys_user_list_idx on sys_user (create_time desc nulls last, id) where del_flag = 0;
