/** SPEC §2: /home2 … /home4 show these home_page variants' home documents. */
export const HOME_VARIANT_PATHS: Readonly<Record<string, string>> = {
  '/home2': 'Home Page Two',
  '/home3': 'Home Page Three',
  '/home4': 'Home Page Four',
};
