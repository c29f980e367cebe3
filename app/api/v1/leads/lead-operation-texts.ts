// What the lead operations' descriptions share (POST /leads, PATCH /leads/{id}).

export const PHONE_TEXT =
  "Phones are accepted in any common format and returned as E.164 (`+14155550123`); a number without `+` is read in the account's default country, and an impossible number is a `validation_error` on `phone`. An empty string clears the phone.";
export const REFERENCES_TEXT =
  "`propertyId` must be a property of your account: another account's id answers 404 `not_found` with `details` naming the field. `assignedTo` must be an active user of your account (`GET /users`): another account's user or a deactivated one answers 400 `validation_error` on `assignedTo`; an update that sends back the assignee the lead already has is accepted, even once they are deactivated.";
export const ROUTING_TEXT =
  "A lead created without `assignedTo` goes through the account's lead routing (Settings → Lead routing) in the same statement: the first rule that takes it assigns its agent (or the next agent of a round robin), the answer already carries that `assignedTo`, a `lead_assigned` activity names the rule, and the `lead.created` event carries the assignee. `POST /leads/route-preview` answers the same without creating anything.";
/** The 404 of a lead write naming another account's (or no) property. */
export const propertyNotFound = {
  message: "Property not found.",
  details: [{ path: "propertyId", message: "No such property in this account" }],
};
