/** A member as audit entries name them: the log keeps the name and email after the login is gone. */
export const memberAuditTarget = (member: { userId: string; name: string; email: string }) => ({
  type: "user",
  id: member.userId,
  label: `${member.name} <${member.email}>`,
});
