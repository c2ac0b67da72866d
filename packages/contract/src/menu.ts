/** A node of the menu tree the server sends after login (JeecgBoot 2.x field names). */
export type MenuNode = {
  id: string;
  path: string;
  name: string;
  component: string;
  /** "1" registers a route, "0" does not. */
  route: '0' | '1';
  redirect?: string;
  hidden?: boolean;
  alwaysShow?: boolean;
  meta: {
    title: string;
    icon?: string;
    url?: string;
    keepAlive: boolean;
    internalOrExternal: boolean;
    componentName?: string;
    permissionList?: AuthEntry[];
  };
  children?: MenuNode[];
};

/** A button authorisation the user holds (`auth`). `type` "1" hides, "2" disables when missing. */
export type AuthEntry = { action: string; type: '1' | '2'; describe: string };

/** Every button authorisation that exists (`allAuth`); status "0" means the mark is switched off. */
export type AllAuthEntry = AuthEntry & { status: '0' | '1' };

export type PermissionResult = {
  menu: MenuNode[];
  auth: AuthEntry[];
  allAuth: AllAuthEntry[];
};

/** Menu types of the permission table. */
export const MENU_TYPE = { top: 0, sub: 1, button: 2 } as const;
