/** What our cursors look like (a sealed payload: base64url parts joined by dots). A page link
 * whose cursor has another shape was edited by hand and is read as page one. No Node imports
 * here, so any page can check a link with it. */
export const CURSOR_SHAPE = /^[A-Za-z0-9_.-]{1,512}$/;
