import { z } from 'zod';
import type { Language } from './i18n';

/**
 * Messages of form validation, shared by the server (zod errors carry the key) and the
 * console (which shows the same text before sending). Keys are the zod issue messages.
 */
const formZhCN = {
  'form.required': '该字段为必填项!',
  'form.too_long': '内容过长',
  'form.username.required': '请输入用户名!',
  'form.username.length': '用户名长度为2到30个字符',
  'form.username.chars': '用户名只能包含字母、数字、下划线、点和短横线',
  'form.realname.required': '请输入用户姓名!',
  'form.password.min': '密码至少为6个字符!',
  'form.password.mismatch': '两次输入的密码不一样！',
  'form.phone.invalid': '请输入正确格式的手机号码!',
  'form.email.invalid': '请输入正确格式的电子邮件!',
  'form.work_no.length': '工号最多64个字符',
  'form.role_name.length': '角色名称长度为2到30个字符',
  'form.role_code.required': '请输入角色编码!',
  'form.role_code.chinese': '角色编码不能包含中文',
  'form.menu_name.required': '请输入菜单标题!',
  'form.menu_type.invalid': '菜单类型无效',
  'form.sort.number': '排序必须是数字',
  'form.depart_name.required': '请输入机构名称!',
  'form.dict_name.required': '请输入字典名称!',
  'form.dict_code.required': '请输入字典编码!',
  'form.item_text.required': '请输入名称!',
  'form.item_value.required': '请输入数据值!',
  'form.positive_int': '请输入正整数',
  'form.project_name.required': '请输入项目名称!',
  'form.project_code.required': '请输入项目编码!',
  'form.project_code.chars': '项目编码只能包含字母、数字、下划线和短横线',
  'form.longitude.range': '经度范围为-180到180',
  'form.latitude.range': '纬度范围为-90到90',
  'form.time_zone.invalid': '时区无效，请使用IANA时区名称（如 Asia/Shanghai）',
  'form.i18n_key.required': '请输入翻译键!',
  'form.i18n_key.chars': '翻译键只能包含字母、数字、下划线、点和短横线',
  'form.i18n_text.required': '请输入译文!',
  'form.rule_code.required': '请输入规则编码!',
  'form.rule_json.invalid': '规则内容无效：应为 [{digits, pattern, message}] 且正则表达式有效',
  'form.title.required': '请输入平台名称!',
  'form.url.invalid': '请输入以 http:// 或 https:// 开头的地址',
  'form.tile_url.invalid': '瓦片地址须以 http(s):// 开头并包含 {z}、{x}、{y}',
  'form.status.invalid': '状态无效',
  'form.ids.required': '请选择记录!',
  'form.image.required': '请选择图片!',
  'form.rule_column.required': '请输入规则字段!',
  'form.rule_conditions.invalid': '请选择有效的条件规则',
  'form.open_page.required': '请输入打开页面!',
  'form.open_page.url': '打开页面须为 http(s):// 地址或以 / 开头的控制台路径',
  'form.open_page.component': '打开页面须为已注册的详情组件',
  'form.bus_id.required': '组件方式须填写业务ID!',
  'form.titile.required': '请输入标题!',
  'form.recipients.required': '请选择接收用户!',
  'form.date_time.invalid': '日期时间格式无效',
  'form.open_type.invalid': '打开方式须为 url 或 component',
} as const;

export type FormMessageKey = keyof typeof formZhCN;

const formEnUS: Record<FormMessageKey, string> = {
  'form.required': 'This field is required!',
  'form.too_long': 'Too long',
  'form.username.required': 'Please enter the username!',
  'form.username.length': 'The username must be 2 to 30 characters',
  'form.username.chars': 'The username may contain only letters, digits, _ . and -',
  'form.realname.required': 'Please enter the real name!',
  'form.password.min': 'The password needs at least 6 characters!',
  'form.password.mismatch': 'The two passwords are not the same!',
  'form.phone.invalid': 'Please enter a valid mobile phone number!',
  'form.email.invalid': 'Please enter a valid email address!',
  'form.work_no.length': 'The work number is at most 64 characters',
  'form.role_name.length': 'The role name must be 2 to 30 characters',
  'form.role_code.required': 'Please enter the role code!',
  'form.role_code.chinese': 'The role code cannot contain Chinese characters',
  'form.menu_name.required': 'Please enter the menu title!',
  'form.menu_type.invalid': 'Invalid menu type',
  'form.sort.number': 'The sort order must be a number',
  'form.depart_name.required': 'Please enter the department name!',
  'form.dict_name.required': 'Please enter the dictionary name!',
  'form.dict_code.required': 'Please enter the dictionary code!',
  'form.item_text.required': 'Please enter the text!',
  'form.item_value.required': 'Please enter the value!',
  'form.positive_int': 'Please enter a positive integer',
  'form.project_name.required': 'Please enter the project name!',
  'form.project_code.required': 'Please enter the project code!',
  'form.project_code.chars': 'The project code may contain only letters, digits, _ and -',
  'form.longitude.range': 'The longitude must be between -180 and 180',
  'form.latitude.range': 'The latitude must be between -90 and 90',
  'form.time_zone.invalid': 'Invalid time zone: use an IANA name such as Asia/Shanghai',
  'form.i18n_key.required': 'Please enter the translation key!',
  'form.i18n_key.chars': 'The key may contain only letters, digits, _ . and -',
  'form.i18n_text.required': 'Please enter the text!',
  'form.rule_code.required': 'Please enter the rule code!',
  'form.rule_json.invalid': 'Invalid rule: expected [{digits, pattern, message}] with valid patterns',
  'form.title.required': 'Please enter the platform title!',
  'form.url.invalid': 'Please enter an address starting with http:// or https://',
  'form.tile_url.invalid': 'The tile URL must start with http(s):// and contain {z}, {x} and {y}',
  'form.status.invalid': 'Invalid status',
  'form.ids.required': 'Please select records!',
  'form.image.required': 'Please choose an image!',
  'form.rule_column.required': 'Please enter the rule field!',
  'form.rule_conditions.invalid': 'Please choose a valid condition',
  'form.open_page.required': 'Please enter the page to open!',
  'form.open_page.url': 'The page must be an http(s):// address or a console path starting with /',
  'form.open_page.component': 'The page must be a registered detail component',
  'form.bus_id.required': 'A business id is required for a component!',
  'form.titile.required': 'Please enter the title!',
  'form.recipients.required': 'Please choose the recipients!',
  'form.date_time.invalid': 'Invalid date and time',
  'form.open_type.invalid': 'The open type must be url or component',
};

export const formMessages: Record<Language, Record<FormMessageKey, string>> = {
  'zh-CN': formZhCN,
  'en-US': formEnUS,
};

/** The text of a form message key in a language, or undefined when `key` is not one. */
export function formMessage(lang: Language, key: string): string | undefined {
  return Object.hasOwn(formZhCN, key) ? formMessages[lang][key as FormMessageKey] : undefined;
}

/**
 * Query of every list: paging, sorting, advanced query, and field filters whose operator
 * comes from the value (`*x*`, `x*`, `*x`, `a,b`, `!x`, `> v`, `>= v`, `< v`, `<= v`,
 * `<field>_begin` / `<field>_end`). Unknown keys pass through to the resource's whitelist.
 */
export const listQuerySchema = z.looseObject({
  pageNo: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(1000).default(10),
  column: z.string().max(64).optional(),
  order: z.enum(['asc', 'desc']).optional(),
  superQueryParams: z.string().max(8000).optional(),
  superQueryMatchType: z.enum(['and', 'or']).optional(),
  _t: z.coerce.number().optional(),
  lang: z.string().optional(),
});
export type ListQuery = z.infer<typeof listQuerySchema>;

/** One condition of the advanced query (`superQueryParams`, URI-encoded JSON array). */
export type SuperQueryItem = {
  field: string;
  type?: string;
  rule: 'eq' | 'ne' | 'gt' | 'ge' | 'lt' | 'le' | 'like' | 'left_like' | 'right_like' | 'in';
  val: string | number;
};

export const sysIdQuerySchema = z.object({ id: z.string().min(1).max(64) });
/** `ids=a,b,` (a trailing comma is allowed). */
export const sysIdsQuerySchema = z.object({ ids: z.string().min(1, 'form.ids.required').max(20_000) });

/** Splits a comma string (`a,b,`) into trimmed, non-empty, distinct parts. */
export function splitIds(value: string | null | undefined): string[] {
  if (!value) return [];
  return [
    ...new Set(
      value
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    ),
  ];
}

/** Optional text field: empty strings and null become null. */
export const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, 'form.too_long')
    .nullish()
    .transform((v) => (v ? v : null));

/** Paged list result with `<field>_dictText` decorations. */
export type ListPage<T> = {
  records: (T & Record<string, unknown>)[];
  total: number;
  size: number;
  current: number;
  pages: number;
};
