if true { class a {} }
