import type { Depart, DictCatalogue, LoginResult, PermissionResult, UserInfo } from '@ics/contract';
import { create } from 'zustand';
import { currentLanguage } from '../i18n/i18n';
import { StorageKeys, storage } from '../storage/storage';

export type SessionState = {
  token: string | null;
  userInfo: UserInfo | null;
  departs: Depart[];
  /** Loaded once per page load by the route guard (menu tree and button authorisations). */
  permissions: PermissionResult | null;
};

function readSession(): SessionState {
  return {
    token: storage.get<string>(StorageKeys.token),
    userInfo: storage.get<UserInfo>(StorageKeys.userInfo),
    departs: storage.get<Depart[]>(StorageKeys.departs) ?? [],
    permissions: null,
  };
}

export const useSession = create<SessionState>(readSession);

/** The stored token; the storage is the source of truth so an expired value reads as absent. */
export function getToken(): string | null {
  return storage.get<string>(StorageKeys.token);
}

/** Keeps what a successful login returned (seven days, spec §9). */
export function startSession(result: LoginResult, rememberMe: boolean): void {
  storage.set(StorageKeys.token, result.token);
  storage.set(StorageKeys.username, result.userInfo.username);
  storage.set(StorageKeys.userInfo, result.userInfo);
  storage.set(StorageKeys.departs, result.departs);
  storage.set<DictCatalogue>(StorageKeys.dictionaries, result.sysAllDictItems);
  storage.set(StorageKeys.dictionariesLanguage, currentLanguage());
  if (rememberMe) storage.set(StorageKeys.rememberMe, true);
  else storage.remove(StorageKeys.rememberMe);
  useSession.setState({
    token: result.token,
    userInfo: result.userInfo,
    departs: result.departs,
    permissions: null,
  });
}

export function setPermissions(permissions: PermissionResult): void {
  storage.set(StorageKeys.userAuth, permissions.auth);
  storage.set(StorageKeys.sysAuth, permissions.allAuth);
  useSession.setState({ permissions });
}

/** Forgets the session locally: token, user, permissions, remember-me and dictionaries. */
export function clearSession(): void {
  for (const key of [
    StorageKeys.token,
    StorageKeys.username,
    StorageKeys.userInfo,
    StorageKeys.departs,
    StorageKeys.dictionaries,
    StorageKeys.dictionariesLanguage,
    StorageKeys.userAuth,
    StorageKeys.sysAuth,
    StorageKeys.rememberMe,
  ]) {
    storage.remove(key);
  }
  useSession.setState({ token: null, userInfo: null, departs: [], permissions: null });
}
