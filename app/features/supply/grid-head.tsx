// The head of an editable supply grid (the stems' grid and a mass-market catalog's bouquet lines).

/** The line, what is sold, held and free, the editable columns, the save button's column, and "Bought by" where the grid shows it. */
export function EditGridHead({ first, labels, boughtBy = false }: { first: string; labels: readonly string[]; boughtBy?: boolean }) {
  return (
    <thead className="border-b border-line bg-mist text-left">
      <tr>
        <th scope="col" className="min-w-48 px-3 py-2">
          {first}
        </th>
        {["Sold", "Held", "Free"].map((label) => (
          <th key={label} scope="col" className="px-3 py-2 text-right">
            {label}
          </th>
        ))}
        {labels.map((label) => (
          <th key={label} scope="col" className="px-1 py-2 text-right">
            {label}
          </th>
        ))}
        <th scope="col" className="px-2 py-2">
          <span className="sr-only">Save</span>
        </th>
        {boughtBy && (
          <th scope="col" className="min-w-40 px-3 py-2">
            Bought by
          </th>
        )}
      </tr>
    </thead>
  );
}
