import { ListResults, type ListResultsProps } from './list-page';

type Paged = { items: readonly unknown[]; total: number };

type PagedResultsProps<D extends Paged> = Omit<ListResultsProps<D>, 'isEmpty' | 'pagination'> & {
  // the page shown, the rows on a page, and a move to another page
  paging: { page: number; onPage: number; onChange: (page: number) => void };
};

// A list the server answers a page at a time ({ items, total }): empty when the page has no items, the page links
// under the rows
export function PagedResults<D extends Paged>({ paging, ...props }: PagedResultsProps<D>) {
  return (
    <ListResults
      {...props}
      isEmpty={(data) => data.items.length === 0}
      pagination={(data) => ({ total: data.total, ...paging })}
    />
  );
}
