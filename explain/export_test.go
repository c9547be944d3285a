package explain

// SetMaxPage sets the size above which a package gets a page per
// specialization, and returns a function that puts it back.
func SetMaxPage(n int) (restore func()) {
	old := maxPage
	maxPage = n
	return func() { maxPage = old }
}
