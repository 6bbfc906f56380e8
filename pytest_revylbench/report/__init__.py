"""What a grade leaves behind: grade.json and the terminal summary."""
