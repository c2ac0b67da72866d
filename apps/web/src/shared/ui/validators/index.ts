export {
  type CheckAnswer,
  type CheckFetcher,
  checkRule,
  type DuplicateCheck,
  duplicateCheck,
} from './validators';
