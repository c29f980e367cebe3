/** An invite as audit entries name it: by its address, which is all an invite has of a person. */
export const inviteAuditTarget = (invite: { id: string; email: string }) => ({
  type: "invite",
  id: invite.id,
  label: invite.email,
});
