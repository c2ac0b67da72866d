import { type RouteBody, type StrategyDto, strategyRoutes } from '@ics/contract';
import { call, unwrap } from '../../../shared/lib/http';
import { useListMutation } from '../../../shared/ui/list-page';

export type StrategyBody = RouteBody<typeof strategyRoutes.add>;

export async function addStrategy(body: StrategyBody): Promise<StrategyDto> {
  return unwrap(await call(strategyRoutes.add, { body }));
}

export async function editStrategy(body: RouteBody<typeof strategyRoutes.edit>): Promise<StrategyDto> {
  return unwrap(await call(strategyRoutes.edit, { body }));
}

/** Adds a strategy; the strategy list loads again. */
export const useAddStrategy = () => useListMutation(addStrategy, strategyRoutes.list);

/** Edits a strategy; the strategy list loads again. */
export const useEditStrategy = () => useListMutation(editStrategy, strategyRoutes.list);
