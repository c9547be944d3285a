package cgen

// ResultTypes exposes resultTypes to the external tests.
var ResultTypes = resultTypes
