-- Projects named in both languages: the Chinese name and description stay in name/description,
-- the English ones sit beside them (null: the Chinese text is shown in English too).
alter table sys_project add column name_en text;
alter table sys_project add column description_en text;

-- The demo district as earlier versions created it, one string holding both languages.
update sys_project
   set name = '彭城示范片区',
       name_en = 'Pengcheng District',
       description = '解放路、建国路、彭城路的智慧路灯，一座配电柜三条回路，日落开灯、23:00 调光、日出关灯',
       description_en = 'Smart street lights on Jiefang, Jianguo and Pengcheng Roads: one cabinet with three circuits, on at sunset, dimmed at 23:00, off at sunrise'
 where code = 'DEMO' and name = '彭城示范片区 Pengcheng District';
