import type { MedusaContainer } from "@medusajs/framework/types"
import { createUserAccountWorkflow } from "@medusajs/medusa/core-flows"

/**
 * An admin user and the `Authorization` header of a logged-in session, made the way Medusa does it:
 * register an emailpass identity, create the user account for it, log in.
 */
export async function adminHeaders(
  api: { post: Function },
  container: MedusaContainer,
  email = "admin@tikkie.test",
  password = "tikkie-test-password"
): Promise<{ headers: { authorization: string } }> {
  const { data: registered } = await api.post("/auth/user/emailpass/register", { email, password })
  const payload = JSON.parse(Buffer.from(String(registered.token).split(".")[1], "base64url").toString("utf8"))
  await createUserAccountWorkflow(container).run({
    input: { authIdentityId: payload.auth_identity_id, userData: { email } },
  })
  const { data: login } = await api.post("/auth/user/emailpass", { email, password })
  return { headers: { authorization: `Bearer ${login.token}` } }
}
