import { type AlarmRuleDto, alarmRuleRoutes, type RouteBody } from '@ics/contract';
import { useQuery } from '@tanstack/react-query';
import { useInvalidatingMutation } from '../../../shared/hooks/use-invalidating-mutation';
import { call, unwrap } from '../../../shared/lib/http';
import { alarmKeys } from './keys';

export async function getRules(projectId: string | null): Promise<AlarmRuleDto[]> {
  return unwrap(await call(alarmRuleRoutes.list, { query: projectId ? { projectId } : {} }));
}

/** The rules of a project (its own and those it inherits), or the defaults (`null`). */
export function useRules(projectId: string | null) {
  return useQuery({ queryKey: alarmKeys.rules(projectId), queryFn: () => getRules(projectId) });
}

async function saveRule(body: RouteBody<typeof alarmRuleRoutes.save>): Promise<AlarmRuleDto> {
  return unwrap(await call(alarmRuleRoutes.save, { body }));
}

async function resetRule(id: string): Promise<void> {
  unwrap(await call(alarmRuleRoutes.reset, { query: { id } }));
}

const stale = () => [['alarm', 'rules']];

/** Saves a rule for a project or the defaults; the rule tables load again. */
export const useSaveRule = () => useInvalidatingMutation(saveRule, stale);

/** Drops a project's own rule (it inherits the default again). */
export const useResetRule = () => useInvalidatingMutation(resetRule, stale);
