import { sessionRoutes } from '@ics/contract';
import { call } from '../../../shared/lib/http';

export type PasswordChange = {
  username: string;
  oldpassword: string;
  password: string;
  confirmpassword: string;
};

/** `POST /sys/user/updatePassword`: resolves to the envelope's success and message (spec §7). */
export async function updatePassword(input: PasswordChange): Promise<{ success: boolean; message: string }> {
  try {
    const envelope = await call(
      sessionRoutes.updatePassword,
      { body: input },
      { silentStatuses: [400, 401, 403, 422] },
    );
    return { success: envelope.success, message: envelope.message };
  } catch (error) {
    return { success: false, message: (error as Error).message };
  }
}
