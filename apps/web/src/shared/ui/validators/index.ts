export { uniqueRule } from './unique-rule';
export {
  type CheckAnswer,
  type CheckFetcher,
  checkRule,
  type DuplicateCheck,
  duplicateCheck,
} from './validators';
