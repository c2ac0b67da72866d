import Alert from 'antd/es/alert';

/** The message above a sign-in page's form (a refusal, or the confirmation of a step done). */
export function AuthAlert({
  text,
  type = 'error',
  testId,
}: {
  text: string | null | undefined;
  type?: 'error' | 'success';
  testId: string;
}) {
  return text ? (
    <Alert type={type} showIcon title={text} className="ics-auth-page__alert" data-testid={testId} />
  ) : null;
}
