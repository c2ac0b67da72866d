import type { ListResource } from '../../http/list-query';
import { DICT_RESOURCE } from './dict.routes';
import { I18N_RESOURCE } from './i18n.routes';
import { LOG_RESOURCE } from './log.routes';
import { PROJECT_RESOURCE } from './project.routes';
import { ROLE_RESOURCE } from './role.routes';
import { USER_RESOURCE } from './user.service';

/**
 * The lists data rules can restrict, by the url of their menu: a rule saved on a menu is
 * checked against its list's filterable fields, the only columns a rule may name.
 */
export const DATA_RULE_LISTS: ReadonlyMap<string, ListResource> = new Map(
  [USER_RESOURCE, ROLE_RESOURCE, DICT_RESOURCE, PROJECT_RESOURCE, I18N_RESOURCE, LOG_RESOURCE].map((r) => [
    r.ruleMenu!,
    r,
  ]),
);
