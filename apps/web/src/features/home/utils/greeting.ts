export type GreetingPeriod = 'morning' | 'forenoon' | 'noon' | 'afternoon' | 'evening';

/**
 * The part of the day a greeting names (spec §9): before 9 morning, up to 11 forenoon,
 * up to 13 noon, before 20 afternoon, otherwise evening.
 */
export function greetingPeriod(hour: number): GreetingPeriod {
  if (hour < 9) return 'morning';
  if (hour <= 11) return 'forenoon';
  if (hour <= 13) return 'noon';
  if (hour < 20) return 'afternoon';
  return 'evening';
}
