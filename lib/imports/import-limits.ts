// What a lead CSV import takes, in one place: the upload route, the CSV reader, the upload form
// (which checks the size before sending) and the page's hint all read these. No imports: the
// client form uses this file too.

export const MAX_IMPORT_BYTES = 20 * 1024 * 1024;
export const MAX_IMPORT_ROWS = 200_000;

/**
 * Columns of any row, the header included. The mapping page draws a field picker per column: a
 * 169 KB file of 20,000 columns made a 28 MB page and held the server 2.3 s (issue 31, finding
 * 5). A lead has about 20 fields plus its custom fields; 200 leaves room for the spreadsheet's
 * own extra columns.
 */
export const MAX_IMPORT_COLUMNS = 200;

/**
 * One row's size (a line, or the lines of one row with quoted newlines). A lead's longest field,
 * its notes, is 10,000 characters; a longer row is not a lead but a file that is not what it
 * seems (no line breaks, a wrong separator), and reading it would cost memory for nothing.
 */
export const MAX_IMPORT_ROW_BYTES = 64 * 1024;
